import 'server-only';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { StudyData } from '@frontier/core';
import { getStudyData as readStudyData } from '@frontier/db';
import { filtersToSearch, type Filters } from '../lib/study/filters';
import { getDb } from './db';
import { notFound } from './http-error';
import { recoded, serialise, type Serialised } from './reply';
import { cachedByVersion, studyVersion } from './versioned-cache';

// Study data is immutable for a given data version, so it is read from the aggregates once per
// (study, version, filters) and then served from memory as a ready JSON string: the read path
// under load is a cache lookup, not a query.

/** The study's data as a JSON string (what the API sends), cached per data version. */
export async function getStudyDataJson(studyId: number, filters: Filters): Promise<Serialised<StudyData, string>> {
  const version = await studyVersion(studyId); // 404 for an unknown study
  return cachedByVersion(`data:${studyId}${filtersToSearch(filters)}`, version, async () => {
    const data = await readStudyData(await getDb(), studyId, filters);
    if (!data) throw notFound(`no study with id ${studyId}`);
    return serialise(data);
  });
}

/**
 * The same JSON as UTF-8 bytes, once per data version: a response body given as a string is encoded
 * again for every request (~1 MB at 1,000 problems x 40 checkpoints).
 */
export async function getStudyDataBytes(studyId: number, filters: Filters): Promise<Serialised<StudyData, Buffer>> {
  const version = await studyVersion(studyId);
  return cachedByVersion(`data.utf8:${studyId}${filtersToSearch(filters)}`, version, async () => {
    const json = await getStudyDataJson(studyId, filters);
    return recoded(json, Buffer.from(json));
  });
}

const gzipAsync = promisify(gzip);

/**
 * The same JSON gzipped (level 9), also once per data version: every client that accepts it gets
 * these bytes, so compression costs nothing per request (the JSON of a 1,000-problem x 40-checkpoint
 * study shrinks several times).
 */
export async function getStudyDataGzip(studyId: number, filters: Filters): Promise<Serialised<StudyData, Buffer>> {
  const version = await studyVersion(studyId);
  return cachedByVersion(`data.gz:${studyId}${filtersToSearch(filters)}`, version, async () => {
    const bytes = await getStudyDataBytes(studyId, filters);
    return recoded(bytes, await gzipAsync(bytes, { level: 9 }));
  });
}

export async function getStudyData(studyId: number, filters: Filters): Promise<StudyData> {
  return JSON.parse(await getStudyDataJson(studyId, filters)) as StudyData;
}
