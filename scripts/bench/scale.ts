// npm run bench:scale - paper-scale studies (issue 15). Not a timed test: it prints every figure
// next to its target and a ceiling measured in the same run, and always exits 0.
//   1. import: `frontier import` of a 10,000,000-sample LCB manifest (scale-data.ts) into a fresh
//      database, with its progress bar on (under a pseudo-terminal), aggregation included; the
//      importer's peak RSS; the ceiling: psql `\copy` of the same rows into the same table;
//   2. storage: the database's bytes per sample (table, indexes, TOAST) beside the files' size;
//   3. reads: every endpoint the study views use, 20 concurrent clients after a warm-up, p95; the
//      web process tree's peak RSS; the study data's size on the wire, gzipped and plain;
//   4. incremental: one more checkpoint imported into the 10M study: the import, its aggregation,
//      and proof that no other run's aggregates were rewritten;
//   5. browser: bench:matrix (matrix.ts) in Chromium against a freshly started server on the 10M
//      study: the study page's and Matrix tab's cold loads, the solve matrix's frames while it
//      scrolls and re-sorts, the alpha slider's steps, the drill-down's paging.
// Flags: --reuse-db NAME (skip 1-2 and use a database kept by --keep-db), --keep-db, --skip-ceiling,
// --skip-api, --skip-incremental, --skip-browser.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { createDb, migrate, startEmbeddedPostgres } from '@frontier/db';
import { loadTest, type LatencyStats } from './latency';
import { matrixBench } from './matrix';
import { printReport } from './matrix-report';
import { watchTreeRss } from './process-tree';
import { scaleData } from './scale-data';
import { buildWeb, startWeb } from './web-server';
import { psql } from './psql';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = join(ROOT, '.bench');
const CLI = join(ROOT, 'apps/cli/bin/frontier.js');
const STUDY = 'Scale benchmark';
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** `frontier import` under a pseudo-terminal (so its progress bar is drawn), timed, with its tree's peak RSS. */
function importWithBar(manifest: string, url: string): Promise<{ seconds: number; peakMiB: number; output: string }> {
  const command = [process.execPath, CLI, 'import', manifest, '--study', STUDY]
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`)
    .join(' ');
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const rss = watchTreeRss(child.pid!);
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      // The bar redraws in place: keep the terminal's last frame only.
      process.stdout.write(d);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const peakMiB = rss.stop();
      if (code !== 0) reject(new Error(`frontier import exited with ${code}: ${output.slice(-2000)}`));
      else resolve({ seconds: (performance.now() - t0) / 1000, peakMiB, output });
    });
  });
}

async function databaseFor(adminUrl: string, name: string): Promise<string> {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function importPhase(url: string, manifest: string, samplesExpected: number, fileBytes: number) {
  console.log(`\n== 1. import (frontier import of the manifest, progress bar on, aggregation included)`);
  const run = await importWithBar(manifest, url);
  const db = createDb(url);
  try {
    const { rows } = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM sample');
    const samples = Number(rows[0]!.n);
    if (samples !== samplesExpected) throw new Error(`imported ${samples} samples, expected ${samplesExpected}`);
    const importRate = samples / run.seconds;

    console.log('\n== 2. storage (after the import)');
    await storage(db.pool, samples, fileBytes);

    let copyRate = NaN;
    if (!flag('--skip-ceiling')) {
      console.log('\n== ceiling: psql \\copy of the same rows into the same table');
      const dump = join(BENCH, 'scale-samples.copy');
      psql(url, `\\copy sample TO '${dump}'`);
      await db.pool.query('TRUNCATE sample');
      const copySeconds = psql(url, `\\copy sample FROM '${dump}'`);
      rmSync(dump, { force: true });
      copyRate = samples / copySeconds;
      console.log(`psql \\copy              ${fmt(copyRate)} samples/s (${copySeconds.toFixed(1)} s)`);
    }
    const ratio = importRate / copyRate;
    console.log(`\nsamples imported        ${fmt(samples)}`);
    console.log(
      `import                  ${fmt(importRate)} samples/s (${run.seconds.toFixed(1)} s, aggregation included)`,
    );
    if (!Number.isNaN(ratio))
      console.log(`import / psql \\copy     ${ratio.toFixed(2)}  (target >= 0.60: ${verdict(ratio >= 0.6)})`);
    console.log(
      `importer peak RSS       ${run.peakMiB.toFixed(0)} MiB  (target < 1024 MiB: ${verdict(run.peakMiB < 1024)})`,
    );
  } finally {
    await db.close();
  }
}

async function storage(pool: pg.Pool, samples: number, fileBytes: number): Promise<void> {
  const { rows } = await pool.query<{ heap: string; toast: string; indexes: string; db: string }>(
    `SELECT pg_relation_size('sample') AS heap,
            coalesce(pg_total_relation_size(NULLIF(reltoastrelid, 0)), 0) AS toast,
            pg_indexes_size('sample') AS indexes,
            pg_database_size(current_database()) AS db
       FROM pg_class WHERE oid = 'sample'::regclass`,
  );
  const r = rows[0]!;
  const [heap, toast, indexes, dbBytes] = [Number(r.heap), Number(r.toast), Number(r.indexes), Number(r.db)];
  const per = (b: number) => `${(b / samples).toFixed(0).padStart(5)} B/sample  (${(b / 2 ** 30).toFixed(2)} GiB)`;
  console.log(`sample table            ${per(heap)}`);
  console.log(`sample indexes          ${per(indexes)}`);
  console.log(`sample TOAST            ${per(toast)}`);
  console.log(`sample, all             ${per(heap + indexes + toast)}`);
  console.log(`whole database          ${per(dbBytes)}`);
  console.log(`imported LCB files      ${per(fileBytes)}`);
  const ratio = (heap + indexes + toast) / fileBytes;
  console.log(`sample / files          ${ratio.toFixed(2)}  (target <= 1.00: ${verdict(ratio <= 1)})`);
}

async function readsPhase(url: string, build: boolean): Promise<void> {
  console.log('\n== 3. reads: every endpoint the study views use, 20 concurrent clients after a warm-up');
  const db = createDb(url);
  const web = await startWeb(ROOT, url, 3191, { build });
  const rss = watchTreeRss(web.pid);
  try {
    const { rows: study } = await db.pool.query<{ id: number }>('SELECT id FROM study WHERE name = $1', [STUDY]);
    const id = study[0]!.id;
    const { rows: ends } = await db.pool.query<{ id: number }>(
      'SELECT id FROM checkpoint WHERE study_id = $1 ORDER BY alpha LIMIT 2',
      [id],
    );
    const { rows: problem } = await db.pool.query<{ id: number }>('SELECT id FROM problem ORDER BY id LIMIT 1');
    const [a, b] = [ends[0]!.id, ends[1]!.id];
    const pid = problem[0]!.id;
    const data = `${web.base}/api/studies/${id}/data`;
    const plain = Buffer.from(await (await fetch(data)).arrayBuffer());
    const gz = Buffer.from(await (await fetch(data, { headers: { accept: 'application/gzip' } })).arrayBuffer());
    if (!gunzipSync(gz).equals(plain)) throw new Error('the gzipped study data differs from the plain one');
    const urls = [
      `${web.base}/api/studies`,
      `${web.base}/api/studies/${id}`,
      data,
      `${data}?difficulty=hard`,
      `${web.base}/api/studies/${id}/facets`,
      `${web.base}/api/studies/${id}/evidence?a=${a}&b=${b}`,
      `${web.base}/api/studies/${id}/problems/${pid}`,
      `${web.base}/api/studies/${id}/problems/${pid}/samples?checkpoint=${a}`,
      `${web.base}/api/jobs?study=${id}`,
    ];
    // As the study views ask: the study data gzipped (lib/api/gzip-json.ts; other routes ignore it).
    const browser = { accept: 'application/gzip, application/json;q=0.5' };
    // Warm-up to a steady state (each route module loaded, its hot paths optimised by V8).
    await loadTest(urls, 20, 22, browser);
    const stats = await loadTest(urls, 20, 40, browser);
    // A client that does not ask for gzip (a script, curl) gets the plain JSON.
    const plainStats = await loadTest([data], 20, 10);
    const line = (endpoint: string, s: LatencyStats, target: string) =>
      console.log(
        `${endpoint.replace(web.base, '').padEnd(64)} p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms  errors ${s.errors}/${s.requests}  (${target})`,
      );
    for (const [endpoint, s] of stats) line(endpoint, s, `p95 < 100 ms: ${verdict(s.p95 < 100)}`);
    // Not a request the views make (they ask for gzip): shown for scripts, with no target.
    for (const [endpoint, s] of plainStats)
      line(`${endpoint} (plain JSON)`, s, `for scripts and curl; the views ask for gzip`);
    console.log(
      `study data on the wire   ${(gz.length / 1024).toFixed(0)} KiB gzipped (once per data version), ${(plain.length / 1024).toFixed(0)} KiB plain JSON (${(plain.length / gz.length).toFixed(1)}x)`,
    );
    const peak = rss.stop();
    console.log(`web process peak RSS     ${peak.toFixed(0)} MiB  (target < 1024 MiB: ${verdict(peak < 1024)})`);
  } finally {
    rss.stop();
    await web.stop();
    await db.close();
  }
}

async function incrementalPhase(url: string, extraManifest: string): Promise<void> {
  console.log('\n== 4. incremental: one more checkpoint (250,000 samples) into the 10M study');
  const db = createDb(url);
  try {
    // xmin of every other run's aggregate rows: unchanged afterwards means they were not rewritten.
    const before = await db.pool.query<{ h: string; v: number }>(
      `SELECT md5(string_agg(a.run_id || ':' || a.problem_id || ':' || a.xmin::text, ',' ORDER BY a.run_id, a.problem_id)) AS h,
              (SELECT data_version FROM study WHERE name = $1) AS v
         FROM run_problem_aggregate a`,
      [STUDY],
    );
    const run = await importWithBar(extraManifest, url);
    const { rows: job } = await db.pool.query<{ seconds: number; runs: number }>(
      `SELECT extract(epoch FROM finished_at - started_at)::float AS seconds FROM pipeline_job
        WHERE kind = 'aggregate' AND state = 'SUCCEEDED' ORDER BY id DESC LIMIT 1`,
    );
    const after = await db.pool.query<{ h: string; n: string; v: number }>(
      `SELECT md5(string_agg(a.run_id || ':' || a.problem_id || ':' || a.xmin::text, ',' ORDER BY a.run_id, a.problem_id)
                FILTER (WHERE r.id <> (SELECT max(id) FROM eval_run))) AS h,
              count(*) FILTER (WHERE r.id = (SELECT max(id) FROM eval_run)) AS n,
              (SELECT data_version FROM study WHERE name = $1) AS v
         FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id`,
      [STUDY],
    );
    const aggSeconds = job[0]?.seconds ?? NaN;
    const untouched = before.rows[0]!.h === after.rows[0]!.h;
    console.log(`import of the checkpoint ${run.seconds.toFixed(1)} s (process start, parse, COPY, aggregation)`);
    console.log(`its aggregation          ${aggSeconds.toFixed(2)} s  (target < 10 s: ${verdict(aggSeconds < 10)})`);
    console.log(
      `other runs' aggregates   ${untouched ? 'untouched (same row versions)' : 'REWRITTEN'}; new run: ${after.rows[0]!.n} rows; study data version ${before.rows[0]!.v} -> ${after.rows[0]!.v}`,
    );
  } finally {
    await db.close();
  }
}

/** bench:matrix on the 10M study, against a server started for it (its caches cold, as a user's first visit). */
async function browserPhase(url: string): Promise<void> {
  console.log('\n== 5. browser: the study views at 10M in Chromium (bench:matrix)');
  const db = createDb(url);
  const web = await startWeb(ROOT, url, 3192, { build: false });
  try {
    const { rows } = await db.pool.query<{ id: number }>('SELECT id FROM study WHERE name = $1', [STUDY]);
    printReport(await matrixBench(web.base, rows[0]!.id), STUDY);
  } finally {
    await web.stop();
    await db.close();
  }
}

async function main() {
  mkdirSync(BENCH, { recursive: true });
  const data = await scaleData(BENCH);
  const server = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: join(BENCH, 'pg'), database: 'postgres' });
  const adminUrl = process.env.DATABASE_URL ?? server!.url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const reuse = option('--reuse-db');
  const name = reuse ?? `bench_scale_${Date.now()}`;
  const url = await databaseFor(adminUrl, name);
  try {
    if (!reuse) await admin.query(`CREATE DATABASE ${name}`);
    // A kept database may predate the newest migrations: bring it up to date, as `frontier up` does.
    const db = createDb(url);
    await migrate(db.pool);
    await db.close();
    if (!reuse) await importPhase(url, data.manifest, data.samples, data.fileBytes);
    const browser = !flag('--skip-browser');
    // One build serves both servers; the browser goes first, while the server's caches are cold.
    if (browser || !flag('--skip-api')) buildWeb(ROOT);
    if (browser) await browserPhase(url);
    if (!flag('--skip-api')) await readsPhase(url, false);
    if (!flag('--skip-incremental')) await incrementalPhase(url, data.extraManifest);
  } finally {
    if (flag('--keep-db') || reuse) console.log(`\nkept database ${name} (--reuse-db ${name})`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await server?.stop();
  }
}

main().catch((err) => {
  console.error(`bench:scale could not finish: ${(err as Error).stack ?? err}`);
  process.exit(0);
});
