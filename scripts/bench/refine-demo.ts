import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alphaPointsOf, intervalReach, suggestAlphas, type AlphaPoint, type BestAlpha } from '@frontier/core';
import {
  getJob,
  getStudyData,
  openDatabase,
  queueEvaluation,
  queueRefinement,
  refineParamsSchema,
  type Db,
} from '@frontier/db';
import { lazyJudge, startWorker } from '@frontier/pipeline';
import { createDemoStudy } from '../../apps/cli/src/up/seed-demo';
import { coarseToFine, GRID_STEP, uniformGrid } from './refine-grid';

// bench:refine on the demo lab through the real pipeline (merge -> generate -> judge -> aggregate,
// run by a worker in this process on an embedded Postgres under .bench/refine): a uniform grid on
// one demo study, the automatic refinement job with the target width on a second and with only a
// budget on a third, and how many alphas each needed until the best alpha's 95% interval was at
// most TARGET_WIDTH wide (the job's own rule), and until it also was near the full grid's estimate.

export interface DemoOptions {
  range: [number, number];
  k: number;
  count: number;
}

const TARGET_WIDTH = 0.25;
const DIR = join(fileURLToPath(new URL('../..', import.meta.url)), '.bench', 'refine');
/** The worker's concurrency, as `frontier up` runs it by default. */
const CONCURRENCY = 2;

/** Waits until no job of the study is queued or running; throws on a failed or cancelled one. */
async function settled(db: Db, studyId: number): Promise<void> {
  for (;;) {
    const { rows } = await db.pool.query<{ open: number; bad: string | null }>(
      `SELECT count(*) FILTER (WHERE state IN ('QUEUED', 'RUNNING'))::int AS open,
              string_agg(kind || ' ' || coalesce(alpha::text, '') || ': ' || coalesce(error, state::text), '; ') FILTER (WHERE state IN ('FAILED', 'CANCELLED')) AS bad
       FROM pipeline_job WHERE study_id = $1`,
      [studyId],
    );
    if (rows[0]!.bad) throw new Error(`study ${studyId}: ${rows[0]!.bad}`);
    if (rows[0]!.open === 0) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function pointsOf(db: Db, studyId: number): Promise<AlphaPoint[]> {
  const data = await getStudyData(db, studyId, {});
  const points = data && alphaPointsOf(data);
  if (!points?.ok) throw new Error(`study ${studyId}: ${points ? points.message : 'gone'}`);
  return points.points;
}

const brief = (b: BestAlpha | null) => (b ? `${b.alpha} [${b.lo.toFixed(2)}, ${b.hi.toFixed(2)}]` : '-');
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(0)} s`;

/** The first prefix of the batches (alphas in the order they were evaluated) whose estimate passes `check`: its size, 0 for none. */
function firstPassing(
  points: AlphaPoint[],
  batches: number[][],
  estimate: (p: AlphaPoint[]) => BestAlpha | null,
  check: (b: BestAlpha | null) => boolean,
): number {
  for (let i = 1; i <= batches.length; i++) {
    const alphas = batches.slice(0, i).flat();
    if (alphas.length >= 2 && check(estimate(points.filter((p) => alphas.includes(p.alpha))))) return alphas.length;
  }
  return 0;
}

/**
 * A fresh demo study under `name`, evaluated by `queue` (which queues its work) through a worker
 * of its own: each study starts with a cold judge cache, so the wall times compare.
 */
async function evaluateStudy<T>(db: Db, name: string, queue: (studyId: number) => Promise<T>) {
  const dataDir = join(DIR, name);
  const judge = lazyJudge(dataDir);
  const worker = await startWorker(
    { db, dataDir, judge: judge.get, secret: () => undefined },
    { concurrency: CONCURRENCY },
  );
  try {
    const t0 = performance.now();
    const studyId = await createDemoStudy(db, dataDir, `bench:refine ${name}`);
    const queued = await queue(studyId);
    await settled(db, studyId);
    return { queued, points: await pointsOf(db, studyId), time: seconds(t0) };
  } finally {
    await worker.stop();
    await judge.close();
  }
}

export async function runDemo(o: DemoOptions): Promise<void> {
  const grid = uniformGrid(o.range);
  console.log(
    `\n== demo lab through the pipeline: pass@${o.k}, range [${o.range.join(', ')}], grid of step ${GRID_STEP} (${grid.length} alphas), target: 95% interval of the best alpha at most ${TARGET_WIDTH} wide; worker concurrency ${CONCURRENCY}`,
  );
  rmSync(DIR, { recursive: true, force: true });
  const opened = await openDatabase({ dataDir: join(DIR, 'postgres') });
  const { db } = opened;
  const estimate = (points: AlphaPoint[]) => suggestAlphas(points, { k: o.k, count: 1, range: o.range }).best;
  // The refine job's own stop rule: an interval open on a side reaches as far as the peak may lie.
  const narrow = (b: BestAlpha | null) => b !== null && intervalReach(b)[1] - intervalReach(b)[0] <= TARGET_WIDTH;
  const count = (n: number) => (n > 0 ? `${n} alphas` : 'never');
  const refineRun = async (name: string, targetWidth?: number) => {
    const run = await evaluateStudy(db, name, (studyId) =>
      queueRefinement(db, studyId, { k: o.k, count: o.count, range: o.range, budgetAlphas: grid.length, targetWidth }),
    );
    return { ...run, params: refineParamsSchema.parse((await getJob(db, run.queued))!.params) };
  };
  try {
    const full = await evaluateStudy(db, 'grid', (studyId) => queueEvaluation(db, studyId, grid));
    const reference = estimate(full.points);
    // A narrow interval can be wrong (a degenerate one sits on an end of what was evaluated): the
    // full grid's estimate is the best knowledge of the true best alpha there is.
    const sound = (b: BestAlpha | null) =>
      narrow(b) && reference !== null && Math.abs(b!.alpha - reference.alpha) <= 0.1 + 1e-9;
    const order = coarseToFine(grid).map((a) => [a]);
    console.log(
      `grid, all ${grid.length} alphas (${full.time}): best alpha ${brief(reference)}: target ${narrow(reference) ? 'reached' : 'NOT reached'}; the reference below`,
    );
    const c2f = [narrow, sound].map((check) => firstPassing(full.points, order, estimate, check));
    console.log(
      `grid in coarse-to-fine order, checked after each alpha (same data): target after ${count(c2f[0]!)}; narrow and within 0.1 of the reference after ${count(c2f[1]!)}`,
    );
    console.log(
      `  after each alpha: ${order
        .slice(1)
        .map(
          (_, i) =>
            `${order[i + 1]}: ${brief(
              estimate(
                full.points.filter((p) =>
                  order
                    .slice(0, i + 2)
                    .flat()
                    .includes(p.alpha),
                ),
              ),
            )}`,
        )
        .join(', ')}`,
    );

    const job = await refineRun('refine', TARGET_WIDTH);
    const stopped = estimate(job.points);
    console.log(
      `refine job (target width ${TARGET_WIDTH}, budget ${grid.length}, ${o.count} per round), ${job.time}: stopped on "${job.params.outcome?.reason}" after ${job.points.length} alphas in ${job.params.rounds.length} rounds: ${job.params.outcome?.message}`,
    );
    console.log(
      `  re-estimated on the data read back: ${brief(stopped)}: target ${narrow(stopped) ? 'reached' : 'NOT reached'}, ${sound(stopped) ? '' : 'NOT '}within 0.1 of the reference`,
    );

    const free = await refineRun('refine-budget');
    const rounds = free.params.rounds.map((r) => r.alphas);
    const refined = [narrow, sound].map((check) => firstPassing(free.points, rounds, estimate, check));
    console.log(
      `refine job without a target (budget ${grid.length}), ${free.time}, checked after each round: target after ${count(refined[0]!)}; narrow and within 0.1 of the reference after ${count(refined[1]!)}`,
    );
    console.log(
      `  rounds (alphas queued, from the job's estimate then): ${free.params.rounds.map((r) => `[${r.alphas.join(', ')}] from ${brief(r.best)}`).join('; ')}; final ${brief(estimate(free.points))}`,
    );

    const ratio = (n: number, of: number) =>
      n > 0 && of > 0
        ? `${n}/${of} = ${(n / of).toFixed(2)} (target <= 0.5: ${n <= of / 2 ? 'met' : 'NOT met'})`
        : 'never';
    console.log(
      `refine/grid: the job's own stop ${ratio(job.params.outcome?.reason === 'target' ? job.points.length : 0, grid.length)}${sound(stopped) ? '' : ', but its estimate is not near the reference'}; narrow and near the reference ${ratio(refined[1]!, grid.length)}, vs coarse-to-fine ${count(c2f[1]!)}; wall time ${job.time} and ${free.time} vs ${full.time}`,
    );
  } finally {
    await opened.close();
  }
}
