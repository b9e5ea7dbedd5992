import 'server-only';
import { listStudyFacets } from '@frontier/db';
import type { Facets } from '../lib/study/facets';
import { getDb } from './db';
import { cachedByVersion, studyVersion } from './versioned-cache';

/** Values the study's filters can take: only those that have aggregated results. */
export async function getFacets(studyId: number): Promise<Facets> {
  return cachedByVersion(`facets:${studyId}`, await studyVersion(studyId), async () =>
    listStudyFacets(await getDb(), studyId),
  );
}
