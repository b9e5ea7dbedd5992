// The work of bench:workers: LiveCodeBench-format problems with hidden tests (the judge bench's
// workloads (a) stdin programs leaning on the prelude and (b) functional problems, one benchmark),
// stored with importBenchmark, and for each phase a sweep of checkpoints whose samples come
// without verdicts, imported with `frontier import` as a lab imports programs to judge.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBenchmark, type Db } from '@frontier/db';
import { storedChecker } from '@frontier/pipeline';
import type { Problem } from '../../packages/judge/src/index';
import { buildWorkload, type Workload } from '../../packages/judge/scripts/bench/workload';
import { functionalWorkload } from '../../packages/judge/scripts/bench/workload-functional';
import { preludeWorkload } from '../../packages/judge/scripts/bench/workload-prelude';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(ROOT, 'apps/cli/bin/frontier.js');
export const BENCHMARK = 'bench-workers';

export interface WorkersShape {
  /** Checkpoints (runs) per phase: each is one judge job. */
  runs: number;
  problems: number;
  /** Samples per problem per checkpoint: one in `samples` is wrong (WA or RE at some test). */
  samples: number;
  /** Hidden tests per problem. */
  tests: number;
}

export const DEFAULT_SHAPE: WorkersShape = { runs: 8, problems: 12, samples: 3, tests: 10 };

/** Builds the problems (written under `dir` and loaded as the judge loads them) and stores them with their tests. */
export async function storeBenchmark(db: Db, shape: WorkersShape, dir: string): Promise<Workload> {
  const spec = {
    key: 'w',
    title: 'LCB stdin (prelude) and functional problems',
    format: 'lcb' as const,
    kinds: [...preludeWorkload.kinds, ...functionalWorkload.kinds],
    seed: 1507,
  };
  const w = await buildWorkload(spec, shape, dir);
  await importBenchmark(db, { name: BENCHMARK, problems: [...w.benchmark.problems.values()].map(problemInput) });
  return w;
}

function problemInput(p: Problem) {
  return {
    externalId: p.id,
    title: p.title,
    difficulty: p.difficulty,
    timeLimitMs: p.limits.timeS ? Math.round(p.limits.timeS * 1000) : undefined,
    memoryLimitMb: p.limits.memoryMib,
    checker: storedChecker(p),
    tests: p.tests.map((t) => ({ tier: t.tier, input: t.input, expected: t.output })),
  };
}

/**
 * Writes one phase's sweep (a JSONL file of unjudged samples per checkpoint, and a manifest) and
 * imports it with the CLI: the import queues a judge chain per run. Programs differ from every
 * other phase's (a comment), so no stored result stands in for judging.
 */
export function importPhase(
  url: string,
  w: Workload,
  shape: WorkersShape,
  phase: number,
  study: string,
  dir: string,
): { samples: number } {
  const phaseDir = join(dir, `phase-${phase}`);
  mkdirSync(phaseDir, { recursive: true });
  let samples = 0;
  const entries: string[] = [];
  for (let r = 0; r < shape.runs; r++) {
    const lines = w
      .samples(phase * 1000 + r)
      .map((s) => JSON.stringify({ problem_id: s.problemId, code: s.code, language: 'python' }));
    samples += lines.length;
    writeFileSync(join(phaseDir, `run-${r}.jsonl`), `${lines.join('\n')}\n`);
    entries.push(`  - { path: run-${r}.jsonl, alpha: ${(r / Math.max(1, shape.runs - 1)).toFixed(3)} }`);
  }
  const manifest = join(phaseDir, 'manifest.yaml');
  writeFileSync(
    manifest,
    `study: ${JSON.stringify(study)}\nbenchmark: ${BENCHMARK}\nentries:\n${entries.join('\n')}\n`,
  );
  const r = spawnSync(process.execPath, [CLI, 'import', manifest], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`frontier import failed: ${r.stderr || r.stdout}`);
  return { samples };
}
