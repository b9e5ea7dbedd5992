import 'server-only';
import type { StudyFacetsResponse } from '../lib/api-types';
import { getDb } from './db';
import { getFacets } from './facets';
import { getStudy } from './studies';
import { cachedByVersion, studyVersion } from './versioned-cache';

/** Filter values and pipeline progress of a study; 404 for an unknown one. */
export async function getStudyFacets(studyId: number): Promise<StudyFacetsResponse> {
  // One small query per request on a hit: the answer changes only with the study's data version.
  return cachedByVersion(`study-facets:${studyId}`, await studyVersion(studyId), () => readStudyFacets(studyId));
}

async function readStudyFacets(studyId: number): Promise<StudyFacetsResponse> {
  const study = await getStudy(studyId);
  const db = await getDb();
  const [facets, version] = await Promise.all([
    getFacets(studyId),
    db.pool.query<{ data_version: number }>('SELECT data_version FROM study WHERE id = $1', [studyId]),
  ]);
  return { facets, pending: study.pending, dataVersion: version.rows[0]!.data_version };
}
