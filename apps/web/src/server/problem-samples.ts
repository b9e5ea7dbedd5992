import 'server-only';
import { verdictFromCode } from '@frontier/core';
import { cacheUntilChange, getSample, getTestTiers, listSamples, type SamplePage } from '@frontier/db';
import { SAMPLES_PAGE_SIZE, type SamplesQuery } from '../lib/problem/problem-params';
import type { SampleDetailResponse, SampleListResponse } from '../lib/problem/problem-types';
import { getDb } from './db';
import { notFound } from './http-error';
import { getProblemMeta } from './problem';
import { processOnce } from './process-once';
import { dataFeed } from './versioned-cache';

// A problem's samples: listing them (with verdicts) and one sample's code and per-test record is
// what the drill-down is for, so these read the sample table, for one problem at a time.

// Pages are remembered until a sample, run, checkpoint or study changes (a judged sample's verdict
// shows at once): under load the drill-down's list was the one read still waiting on Postgres.
const pages = processOnce('frontierSamplePages', async () =>
  cacheUntilChange<SamplePage>(await dataFeed(), ['sample', 'eval_run', 'checkpoint', 'study']),
);

export async function listProblemSamples(
  studyId: number,
  problemId: number,
  query: SamplesQuery,
): Promise<SampleListResponse> {
  const page = query.page ?? 1;
  const key = [studyId, problemId, query.checkpoint ?? '', query.verdict ?? '', page].join(':');
  const result = await (
    await pages()
  ).get(key, async () =>
    listSamples(await getDb(), {
      studyId,
      problemId,
      checkpointId: query.checkpoint,
      verdict: query.verdict,
      offset: (page - 1) * SAMPLES_PAGE_SIZE,
      limit: SAMPLES_PAGE_SIZE,
    }),
  );
  if ('missing' in result) {
    if (result.missing === 'study') throw notFound(`no study with id ${studyId}`);
    if (result.missing === 'problem') throw notFound(`no problem with id ${problemId} in study ${studyId}`);
    throw notFound(`no checkpoint with id ${query.checkpoint} in study ${studyId}`);
  }
  return { page, pageSize: SAMPLES_PAGE_SIZE, total: result.total, samples: result.samples };
}

export async function getProblemSample(
  studyId: number,
  problemId: number,
  runId: number,
  idx: number,
): Promise<SampleDetailResponse> {
  const problem = await getProblemMeta(studyId, problemId);
  const db = await getDb();
  const [sample, tierOf] = await Promise.all([
    getSample(db, { studyId, problemId, runId, idx }),
    getTestTiers(db, problemId),
  ]);
  if (!sample) throw notFound(`no sample ${idx} of run ${runId} for problem ${problemId} in study ${studyId}`);
  const { testVerdicts: verdicts, testCpuMs: cpu, testPeakKib: peak } = sample;
  return {
    ...sample,
    judgedAt: sample.judgedAt?.toISOString() ?? null,
    // Per-test arrays are in test order: position i is the test of ordinal i.
    tests: verdicts.map((code, i) => ({
      ordinal: i,
      tier: tierOf.get(i) ?? null,
      verdict: verdictFromCode(code),
      cpuMs: cpu[i] ?? null,
      peakKib: peak[i] ?? null,
    })),
    testsTotal: problem.tests,
  };
}
