import type { Db } from '../client';
import { NotFoundError } from '../errors';
import { upsertRun } from '../ingest/upserts';
import type { StudyConfig } from './config';

export interface RunRef {
  runId: number;
  benchmarkId: number;
}

/** What names a pipeline run: the sampling parameters that change its samples. */
function samplingOf(cfg: StudyConfig): Record<string, unknown> {
  const b = cfg.backend;
  if (b.kind !== 'openai') return { n: cfg.samplesPerProblem, seed: cfg.seed, backend: b.kind };
  // The model name is the template (e.g. "coverage-{alpha}"), as keys made before serving modes were.
  const model = b.serving.mode === 'reload' ? `${b.serving.engine} reload` : b.serving.model;
  return { n: cfg.samplesPerProblem, seed: cfg.seed, backend: b.kind, model, temperature: b.temperature };
}

/** The evaluation run of a checkpoint for the study's benchmark, setting and sampling (made on first use). */
export async function ensureRun(db: Db, checkpointId: number, cfg: StudyConfig): Promise<RunRef> {
  const benchmark = await db.prisma.benchmark.findUnique({ where: { name: cfg.benchmark }, select: { id: true } });
  if (!benchmark) throw new NotFoundError(`benchmark "${cfg.benchmark}" is not in the database: import it first`);
  const run = await upsertRun(db.pool, checkpointId, benchmark.id, cfg.setting, samplingOf(cfg));
  return { runId: run.id, benchmarkId: benchmark.id };
}

/** The given runs that still exist, with their benchmarks. */
export async function findRuns(db: Db, runIds: readonly number[]): Promise<RunRef[]> {
  const runs = await db.prisma.evalRun.findMany({
    where: { id: { in: [...runIds] } },
    select: { id: true, benchmarkId: true },
    orderBy: { id: 'asc' },
  });
  return runs.map((r) => ({ runId: r.id, benchmarkId: r.benchmarkId }));
}
