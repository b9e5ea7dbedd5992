import 'server-only';
import { cache } from 'react';
import { getStudySummary, listStudySummaries, type StudySummary as StudyRow } from '@frontier/db';
import type { StudySummary } from '../lib/study/studies-api';
import { getDb } from './db';
import { notFound } from './http-error';
import { allStudiesVersion, cachedByVersion, studyVersion } from './versioned-cache';

function toSummary(row: StudyRow): StudySummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    origin: row.origin,
    createdAt: row.createdAt.toISOString(),
    checkpoints: row.checkpoints,
    samples: row.samples,
    pending: row.pending,
    dataVersion: row.dataVersion,
  };
}

/** Every study, newest first (computed once per version of the list). */
export async function listStudies(): Promise<StudySummary[]> {
  return cachedByVersion('studies', await allStudiesVersion(), async () =>
    (await listStudySummaries(await getDb())).map(toSummary),
  );
}

/** One study; a 404 HttpError when there is none with this id. Memoised per request and per data version. */
export const getStudy = cache(async (id: number): Promise<StudySummary> =>
  cachedByVersion(`study:${id}`, await studyVersion(id), async () => {
    const row = await getStudySummary(await getDb(), id);
    if (!row) throw notFound(`no study with id ${id}`);
    return toSummary(row);
  }),
);
