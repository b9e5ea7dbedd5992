// npm run bench:start - the start-up targets, measured (a benchmark: prints, never fails):
//   1. first start on an empty data directory and no web build, until the demo frontier is
//      complete (every pipeline job SUCCEEDED and the data has every alpha of the demo's grid);
//      the demo pipeline itself (first job queued to last job finished) runs while the web app builds;
//   2. a later start until the page answers with the same frontier;
//   3. a start on an empty data directory with the web app built: the demo pipeline alone;
//   4. its floor, in the same run: every candidate judged once by one judge, no database, no
//      merges, no servers (inside the judge's test containment, as the tests run candidates).
// Then what the demo shows (start-report.ts), from the study that start 3 built.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cellIndex, type StudyData } from '@frontier/core';
import { DEMO_ALPHAS, DEMO_STUDY_SEED } from '@frontier/minilab';
import { printDemoReport } from './start-report';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DATA = join(ROOT, '.bench', 'start');
const PORT = 3290;
const BASE = `http://127.0.0.1:${PORT}`;
const ALPHAS = DEMO_ALPHAS.length;
const PIPELINE_TARGET_S = 60;

function start(): { child: ChildProcess; exited: Promise<unknown> } {
  const child = spawn(process.execPath, [join(ROOT, 'apps/cli/bin/frontier.js'), 'up'], {
    cwd: ROOT,
    env: { ...process.env, FRONTIER_DATA_DIR: DATA, PORT: String(PORT), DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => {
    for (const line of String(d).split('\n')) if (/^\[frontier\]|^frontier:|rror/.test(line)) console.log(`  ${line}`);
  });
  return { child, exited: new Promise((r) => child.on('exit', r)) };
}

async function until(
  check: () => Promise<boolean>,
  timeoutS: number,
  running: { child: ChildProcess },
): Promise<boolean> {
  const deadline = Date.now() + timeoutS * 1000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`frontier up exited with code ${running.child.exitCode}`);
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

const databaseUrl = () => readFileSync(join(DATA, 'database-url'), 'utf8').trim();

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function demoComplete(): Promise<boolean> {
  if (!existsSync(join(DATA, 'database-url'))) return false;
  const [jobs] = await query<{ open: string; done: string }>(
    `SELECT count(*) FILTER (WHERE state <> 'SUCCEEDED') AS open, count(*) FILTER (WHERE state = 'SUCCEEDED') AS done FROM pipeline_job`,
  );
  return Number(jobs!.open) === 0 && Number(jobs!.done) > 0 && (await checkpointsWithData()) === ALPHAS;
}

/** The demo pipeline's wall time: its first job queued to its last job finished. */
async function pipelineSeconds(): Promise<number> {
  const [row] = await query<{ s: number }>(
    `SELECT extract(epoch FROM max(finished_at) - min(created_at))::float AS s FROM pipeline_job WHERE study_id = 1`,
  );
  return row!.s;
}

/** Checkpoints of the demo study with judged samples: the frontier's points. */
async function checkpointsWithData(): Promise<number> {
  const res = await fetch(`${BASE}/api/studies/1/data`);
  if (!res.ok) return 0;
  const data = (await res.json()) as StudyData;
  return data.checkpoints.filter((_, c) => data.problems.some((_p, p) => data.counts.n[cellIndex(data, c, p)]! > 0))
    .length;
}

async function stop(p: { child: ChildProcess; exited: Promise<unknown> }) {
  p.child.kill('SIGINT');
  await p.exited;
}

/** Every candidate judged once on the demo's benchmark, contained; the seconds judging took. */
function judgeAlone(): number | null {
  const run = spawnSync(
    join(ROOT, 'packages/judge/test/contain.sh'),
    [
      process.execPath,
      '--import',
      'tsx',
      join(ROOT, 'packages/minilab/scripts/judge-candidates.ts'),
      '--seed',
      String(DEMO_STUDY_SEED),
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 << 20,
    },
  );
  const seconds = /judged (\d+) candidates in ([\d.]+) s/.exec(run.stderr ?? '');
  if (run.status !== 0 || !seconds) {
    console.log(`  judging the candidates alone failed (${run.status}): ${run.stderr}`);
    return null;
  }
  console.log(`  ${seconds[0]}`);
  return Number(seconds[2]);
}

async function main() {
  const load = () => `load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`;
  rmSync(DATA, { recursive: true, force: true });
  rmSync(join(ROOT, 'apps/web/.next'), { recursive: true, force: true });
  console.log(`first start (empty data directory, no web build; ${load()})…`);
  let t0 = performance.now();
  const first = start();
  const ok = await until(demoComplete, 600, first);
  const firstS = (performance.now() - t0) / 1000;
  const firstPipelineS = ok ? await pipelineSeconds() : NaN;
  await stop(first);

  console.log(`later start (${load()})…`);
  t0 = performance.now();
  const second = start();
  const ok2 = await until(async () => (await checkpointsWithData()) === ALPHAS, 120, second);
  const laterS = (performance.now() - t0) / 1000;
  await stop(second);

  rmSync(DATA, { recursive: true, force: true });
  console.log(`start on an empty data directory with the web app built (${load()})…`);
  const third = start();
  const ok3 = await until(demoComplete, 600, third);
  const pipelineS = ok3 ? await pipelineSeconds() : NaN;
  if (ok3) await printDemoReport(databaseUrl(), 1);
  await stop(third);

  console.log(`\njudging alone, the pipeline's floor (${load()})…`);
  const judgeS = judgeAlone();

  const s = (x: number) => `${x.toFixed(1)} s`;
  const met = (cond: boolean) => (cond ? 'met' : 'NOT met');
  console.log(
    `\nfirst start to a complete demo frontier (${ALPHAS} alphas)  ${ok ? s(firstS) : 'did not complete in 600 s'}  (target < 180 s: ${met(ok && firstS < 180)})`,
  );
  console.log(`  its demo pipeline, beside the web build                 ${ok ? s(firstPipelineS) : '-'}`);
  console.log(
    `later start to the same frontier                         ${ok2 ? s(laterS) : 'did not answer in 120 s'}  (target < 15 s: ${met(ok2 && laterS < 15)})`,
  );
  console.log(
    `demo pipeline alone (web app built)                      ${ok3 ? s(pipelineS) : 'did not complete in 600 s'}  (target < ${PIPELINE_TARGET_S} s: ${met(ok3 && pipelineS < PIPELINE_TARGET_S)})`,
  );
  console.log(
    `  floor in the same run: every candidate judged once      ${judgeS === null ? '-' : `${s(judgeS)} (the pipeline takes ${(pipelineS / judgeS).toFixed(2)}x)`}`,
  );
}

main().catch((err) => {
  console.error(`bench:start could not finish: ${(err as Error).message}`);
  process.exit(0);
});
