// npm run bench:start - issue 5's start-up targets, measured (a benchmark: prints, never fails):
//   first start on an empty data directory (and no web build) until the demo frontier is
//   complete (every pipeline job SUCCEEDED and the data API has data for all 13 alphas), then a
//   later start until the page answers with the same frontier.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cellIndex, type StudyData } from '@frontier/core';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DATA = join(ROOT, '.bench', 'start');
const PORT = 3290;
const BASE = `http://127.0.0.1:${PORT}`;

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

async function until(check: () => Promise<boolean>, timeoutS: number, running: { child: ChildProcess }): Promise<boolean> {
  const deadline = Date.now() + timeoutS * 1000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`frontier up exited with code ${running.child.exitCode}`);
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function demoComplete(): Promise<boolean> {
  const urlFile = join(DATA, 'database-url');
  if (!existsSync(urlFile)) return false;
  const client = new pg.Client({ connectionString: readFileSync(urlFile, 'utf8').trim() });
  await client.connect();
  try {
    const { rows } = await client.query<{ open: string; done: string }>(
      `SELECT count(*) FILTER (WHERE state <> 'SUCCEEDED') AS open, count(*) FILTER (WHERE state = 'SUCCEEDED') AS done FROM pipeline_job`,
    );
    return Number(rows[0]!.open) === 0 && Number(rows[0]!.done) > 0 && (await checkpointsWithData()) === 13;
  } finally {
    await client.end();
  }
}

/** Checkpoints of the demo study with judged samples: the frontier's points. */
async function checkpointsWithData(): Promise<number> {
  const res = await fetch(`${BASE}/api/studies/1/data`);
  if (!res.ok) return 0;
  const data = (await res.json()) as StudyData;
  return data.checkpoints.filter((_, c) => data.problems.some((_p, p) => data.counts.n[cellIndex(data, c, p)]! > 0)).length;
}

async function stop(p: { child: ChildProcess; exited: Promise<unknown> }) {
  p.child.kill('SIGINT');
  await p.exited;
}

async function main() {
  rmSync(DATA, { recursive: true, force: true });
  rmSync(join(ROOT, 'apps/web/.next'), { recursive: true, force: true });
  console.log('first start (empty data directory, no web build)…');
  let t0 = performance.now();
  const first = start();
  const ok = await until(demoComplete, 600, first);
  const firstS = (performance.now() - t0) / 1000;
  await stop(first);
  console.log('later start…');
  t0 = performance.now();
  const second = start();
  const ok2 = await until(async () => (await checkpointsWithData()) === 13, 120, second);
  const laterS = (performance.now() - t0) / 1000;
  await stop(second);
  console.log(`\nfirst start to a complete demo frontier  ${ok ? `${firstS.toFixed(1)} s` : 'did not complete in 600 s'}  (target < 180 s: ${ok && firstS < 180 ? 'met' : 'NOT met'})`);
  console.log(`later start to the same frontier          ${ok2 ? `${laterS.toFixed(1)} s` : 'did not answer in 120 s'}  (target < 15 s: ${ok2 && laterS < 15 ? 'met' : 'NOT met'})`);
}

main().catch((err) => {
  console.error(`bench:start could not finish: ${(err as Error).message}`);
  process.exit(0);
});
