import { plural } from '@frontier/core';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStudy, hasNoStudies, importBenchmark, queueEvaluation, type Db, type OpenDatabase } from '@frontier/db';
import {
  buildBenchmark,
  DEMO_ALPHAS,
  DEMO_ENDPOINTS,
  DEMO_SAMPLES_PER_PROBLEM,
  DEMO_STUDY_SEED,
  toyServerCommand,
  type Benchmark,
} from '@frontier/minilab';

export const DEMO_STUDY = 'Demo lab: toy policy on minilab';

// On an empty database: store the minilab benchmark (tests generated from fixed seeds, expected
// outputs from the reference solutions), create the demo study with its two trained endpoints,
// and queue the real pipeline (merge -> generate -> judge -> aggregate) for every alpha of the
// grid. The worker builds the frontier; the browser shows its progress meanwhile. Generation goes
// the way a GPU lab's does in launch mode: each checkpoint is served by a process started on its
// directory (the toy policy's stand-in for `vllm serve`) and sampled over HTTP.
export async function seedDemoIfEmpty(
  opened: OpenDatabase,
  dataDir: string,
  log: (line: string) => void,
): Promise<void> {
  const { db } = opened;
  if (!(await hasNoStudies(db))) return;
  log(
    `empty database: building the demo lab study (minilab benchmark, toy policy, alphas ${DEMO_ALPHAS[0]}..${DEMO_ALPHAS.at(-1)})`,
  );
  const studyId = await createDemoStudy(db, dataDir);
  const chains = await queueEvaluation(db, studyId, DEMO_ALPHAS, { queuedVia: 'cli' });
  log(
    `demo study queued: ${plural(chains.length, 'alpha')}, ${plural(
      chains.reduce((n, c) => n + c.jobIds.length, 0),
      'job',
    )} (see the Jobs page)`,
  );
}

/** The demo lab study with nothing evaluated yet (bench:refine makes two, under other names and data directories). */
export async function createDemoStudy(db: Db, dataDir: string, name = DEMO_STUDY): Promise<number> {
  const benchmark = await minilabBenchmark(dataDir);
  await importBenchmark(db, {
    name: 'minilab',
    tiering: 'given: 4 nested tiers by input size',
    problems: benchmark.problems.map((p) => ({
      externalId: p.id,
      title: p.title,
      difficulty: p.difficulty,
      statement: p.statement,
      timeLimitMs: p.time_limit_ms,
      memoryLimitMb: p.memory_limit_mb,
      // A benchmark file cached before problems carried dates has none: the problem stays undated.
      contestDate: p.release_date === undefined ? null : new Date(`${p.release_date}T00:00:00Z`),
      checker: { mode: p.checker },
      tests: p.tests.map((t) => ({ tier: t.tier, input: t.input, expected: t.output })),
    })),
  });
  return createStudy(db, {
    name,
    description: `A miniature of the research setting, run for real: a log-linear toy policy over candidate programs, two endpoints trained with REINFORCE on low- and high-coverage rewards from real judge verdicts, merged at each alpha, sampled ${DEMO_SAMPLES_PER_PROBLEM} times per problem, judged in the sandbox.`,
    origin: 'demo',
    config: {
      benchmark: 'minilab',
      setting: 'toy policy',
      scale: 'toy',
      language: 'python',
      samplesPerProblem: DEMO_SAMPLES_PER_PROBLEM,
      seed: DEMO_STUDY_SEED,
      backend: {
        kind: 'openai',
        serving: { mode: 'launch', command: toyServerCommand(), model: 'toy-alpha-{alpha}', startupTimeoutMs: 120_000 },
        temperature: 1,
        maxTokens: 512,
        concurrency: 8,
        samplesPerRequest: 16,
        // The stand-in answers as vLLM does: per-sample token counts need the choices' token ids.
        returnTokenIds: true,
      },
      endpoints: { lo: DEMO_ENDPOINTS.lo, hi: DEMO_ENDPOINTS.hi },
      checkpointsDir: join(dataDir, 'checkpoints', 'demo-lab'),
    },
    // Coverage levels: the low endpoint was rewarded for tiers 1-2, the high one for all four.
    endpoints: [
      { role: 'LOW', alpha: 0, uri: DEMO_ENDPOINTS.lo, coverageLevel: 2 },
      { role: 'HIGH', alpha: 1, uri: DEMO_ENDPOINTS.hi, coverageLevel: 4 },
    ],
  });
}

async function minilabBenchmark(dataDir: string): Promise<Benchmark> {
  const file = join(dataDir, 'minilab', `benchmark-${DEMO_STUDY_SEED}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Benchmark;
  return buildBenchmark({ seed: DEMO_STUDY_SEED, outFile: file });
}
