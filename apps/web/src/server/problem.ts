import 'server-only';
import { findExclusion, findStudyProblem, listProblemCounts } from '@frontier/db';
import type { ProblemDetailResponse, ProblemMeta } from '../lib/problem/problem-types';
import { getDb } from './db';
import { notFound } from './http-error';
import { getStudy } from './studies';
import { cachedByVersion, studyVersion } from './versioned-cache';

/** The problem, if it belongs to the benchmark of one of the study's runs; a 404 otherwise. */
export async function getProblemMeta(studyId: number, problemId: number): Promise<ProblemMeta> {
  return cachedByVersion(`problem-meta:${studyId}:${problemId}`, await studyVersion(studyId), async () => {
    await getStudy(studyId);
    const problem = await findStudyProblem(await getDb(), studyId, problemId);
    if (!problem) throw notFound(`no problem with id ${problemId} in study ${studyId}`);
    return { ...problem, contestDate: problem.contestDate?.toISOString() ?? null };
  });
}

/** Metadata and per-checkpoint counts (summed over the runs matching the filters), once per data version. */
export async function getProblemDetail(
  studyId: number,
  problemId: number,
  filters: { setting?: string; scale?: string },
): Promise<ProblemDetailResponse> {
  const key = `problem:${studyId}:${problemId}:${filters.setting ?? ''}:${filters.scale ?? ''}`;
  return cachedByVersion(key, await studyVersion(studyId), async () => {
    const problem = await getProblemMeta(studyId, problemId);
    const db = await getDb();
    const [checkpoints, excluded] = await Promise.all([
      listProblemCounts(db, studyId, problemId, filters),
      findExclusion(db, studyId, problemId),
    ]);
    const exclusion = excluded ? { reason: excluded.reason, by: excluded.by, at: excluded.at.toISOString() } : null;
    return { studyId, problem, checkpoints, exclusion };
  });
}
