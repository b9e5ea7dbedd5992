// npm run bench:workers - issue 15, "more than one machine": the evaluation pipeline's judge step
// with two worker processes on one database (not a timed test: it prints figures and always
// exits 0).
//   1. LCB-format problems with hidden tests (stdin with the prelude, and functional), stored;
//   2. per phase, a sweep of checkpoints whose samples have no verdict, imported with `frontier
//      import` (a judge chain per run), then judged by one `frontier worker --tasks
//      judge,aggregate` (the baseline) or by two started at the same moment: what each worker
//      judged, from its log, and the proof that every sample was judged exactly once;
//   3. Postgres's verdict write rate (the judge step's database work alone), for the capacity model.
// Options: --rounds N (phases alternate ABBA, default 1), --runs --problems --samples --tests,
// --no-writes, --keep-db. On DATABASE_URL (an admin URL) or an embedded Postgres under .bench/.
import { mkdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, migrate, startEmbeddedPostgres } from '@frontier/db';
import { runPhase, type PhaseFigures } from './workers-phase';
import { printPhase, printSummary, speedups } from './workers-report';
import { DEFAULT_SHAPE, importPhase, storeBenchmark, type WorkersShape } from './workers-workload';
import { verdictWrites, type WriteFigures } from './workers-writes';

export interface TwoWorkerJudgeOptions {
  /** A migrated (or empty) database of its own. */
  databaseUrl: string;
  /** Scratch space: the benchmark and sample files, the workers' data directories. */
  dir: string;
  shape?: Partial<WorkersShape>;
  /** Baseline and two-worker phases, alternating ABBA round by round (the machine's speed drifts). */
  rounds?: number;
  /** Measure Postgres's verdict write rate too (default true). */
  writes?: boolean;
  log?: (line: string) => void;
}

export interface WorkersReport {
  shape: WorkersShape;
  cores: number;
  rounds: { baseline: PhaseFigures; pair: PhaseFigures }[];
  /** Two workers' tests/s over one worker's, per round. */
  speedups: number[];
  writes?: WriteFigures;
}

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The judge step of an import on one worker process and on two started at once, on the same work. */
export async function twoWorkerJudge(options: TwoWorkerJudgeOptions): Promise<WorkersReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const shape = { ...DEFAULT_SHAPE, ...options.shape };
  const cores = availableParallelism();
  mkdirSync(options.dir, { recursive: true });
  const db = createDb(options.databaseUrl);
  try {
    await migrate(db.pool);
    const w = await storeBenchmark(db, shape, options.dir);
    const perPhase = shape.runs * shape.problems * shape.samples;
    log(`bench:workers: ${cores} cores, load average ${loads()}`);
    log(
      `work per phase: ${shape.runs} checkpoints x ${shape.problems} LCB-format problems (stdin with the prelude, and functional) x ${shape.samples} samples = ${perPhase} samples without verdicts, ${shape.tests} tests per problem, 1 sample in ${shape.samples} wrong; every program distinct (no stored result reused)`,
    );
    log(`each worker: frontier worker --tasks judge,aggregate, WORKER_CONCURRENCY=2, its judge one test slot per core`);
    const rounds: WorkersReport['rounds'] = [];
    let phase = 0;
    for (let r = 0; r < (options.rounds ?? 1); r++) {
      const figures: Partial<Record<'baseline' | 'pair', PhaseFigures>> = {};
      for (const workers of r % 2 === 0 ? [1, 2] : [2, 1]) {
        const study = `bench:workers round ${r + 1}, ${workers} worker${workers > 1 ? 's' : ''}`;
        const { samples } = importPhase(options.databaseUrl, w, shape, phase++, study, options.dir);
        const { rows } = await db.pool.query<{ id: number }>('SELECT id FROM study WHERE name = $1', [study]);
        const p = await runPhase(db, options.databaseUrl, rows[0]!.id, workers, samples, options.dir, `phase-${phase}`);
        printPhase(
          `round ${r + 1}: ${workers === 1 ? 'one worker (baseline)' : 'two workers started at the same moment'}; load average ${loads()}`,
          p,
          log,
        );
        figures[workers === 1 ? 'baseline' : 'pair'] = p;
      }
      rounds.push(figures as WorkersReport['rounds'][number]);
    }
    const writes = options.writes === false ? undefined : await verdictWrites(db, { testsPerSample: shape.tests });
    printSummary(rounds, cores, writes, log);
    return { shape, cores, rounds, speedups: speedups(rounds), writes };
  } finally {
    await db.close();
  }
}

function flags(argv: string[]) {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : undefined;
  };
  const shape: Partial<WorkersShape> = {};
  for (const key of ['runs', 'problems', 'samples', 'tests'] as const) {
    const v = value(key);
    if (v !== undefined) shape[key] = v;
  }
  return {
    shape,
    rounds: value('rounds') ?? 1,
    writes: !argv.includes('--no-writes'),
    keep: argv.includes('--keep-db'),
  };
}

async function main() {
  const f = flags(process.argv.slice(2));
  const bench = join(fileURLToPath(new URL('../..', import.meta.url)), '.bench');
  // A data directory of its own: another bench's embedded Postgres under .bench/pg is not stopped under it.
  const server = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: join(bench, 'pg-workers'), database: 'postgres' });
  const adminUrl = process.env.DATABASE_URL ?? server!.url;
  const name = `bench_workers_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const dir = join(bench, 'workers');
  rmSync(dir, { recursive: true, force: true });
  try {
    await twoWorkerJudge({ databaseUrl: u.toString(), dir, shape: f.shape, rounds: f.rounds, writes: f.writes });
  } finally {
    if (f.keep) console.log(`\nkept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error(`bench:workers could not finish: ${(err as Error).message}`);
    process.exit(0);
  });
}
