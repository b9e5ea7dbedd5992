import 'server-only';
import type { StudyData } from '@frontier/core';
import { getStudyData as readStudyData } from '@frontier/db';
import { filtersToSearch, type Filters } from '../lib/filters';
import { getDb } from './db';
import { notFound } from './http-error';
import { cachedByVersion, studyVersion } from './versioned-cache';

// Study data is immutable for a given data version, so it is read from the aggregates once per
// (study, version, filters) and then served from memory as a ready JSON string: the read path
// under load is a cache lookup, not a query.

/** The study's data as a JSON string (what the API sends), cached per data version. */
export async function getStudyDataJson(studyId: number, filters: Filters): Promise<string> {
  const version = await studyVersion(studyId); // 404 for an unknown study
  return cachedByVersion(`data:${studyId}${filtersToSearch(filters)}`, version, async () => {
    const data = await readStudyData(await getDb(), studyId, filters);
    if (!data) throw notFound(`no study with id ${studyId}`);
    return JSON.stringify(data);
  });
}

export async function getStudyData(studyId: number, filters: Filters): Promise<StudyData> {
  return JSON.parse(await getStudyDataJson(studyId, filters)) as StudyData;
}
