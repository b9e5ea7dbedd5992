import 'server-only';
import type { StudyFacetsResponse } from '../lib/study/facets';
import { getFacets } from './facets';
import { getStudy } from './studies';
import { cachedByVersion, studyVersion } from './versioned-cache';

/** Filter values and pipeline progress of a study; 404 for an unknown one. */
export async function getStudyFacets(studyId: number): Promise<StudyFacetsResponse> {
  // One small query per request on a hit: the answer changes only with the study's data version.
  return cachedByVersion(`study-facets:${studyId}`, await studyVersion(studyId), async () => {
    const [study, facets] = await Promise.all([getStudy(studyId), getFacets(studyId)]);
    return { facets, pending: study.pending, dataVersion: study.dataVersion };
  });
}
