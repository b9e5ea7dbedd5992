// npm run bench:import - the import and read-path benchmark of issue 2 (not a timed test: it
// prints figures next to a ceiling measured in the same run and always exits 0).
//   1. a LiveCodeBench-format sweep of 400 problems x 25 checkpoints x 100 samples (1,000,000
//      samples, ~1 KB programs), generated once into .bench/ and reused;
//   2. `frontier import` of the manifest into a fresh database: samples/s and the importer's peak RSS;
//   3. the ceiling: psql `\copy` of exactly the same rows into the same (emptied) table;
//   4. the study page's API calls under 20 concurrent clients: p50/p95 per endpoint.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, migrate, startEmbeddedPostgres } from '@frontier/db';
import { writeSyntheticSweep } from '@frontier/formats';
import { loadTest } from './latency';
import { measure } from './rss';
import { startWeb } from './web-server';
import { psql } from './psql';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = join(ROOT, '.bench');
const ALPHAS = Array.from({ length: 25 }, (_, i) => Math.round((-0.7 + 0.1 * i) * 10) / 10);
const args = new Set(process.argv.slice(2));

async function dataset(): Promise<string> {
  const dir = join(BENCH, 'import-sweep');
  const manifest = join(dir, 'manifest.json');
  if (existsSync(manifest)) return manifest;
  console.log('generating 1,000,000 samples (400 problems x 25 checkpoints x 100)…');
  const r = await writeSyntheticSweep({
    dir,
    seed: 42,
    problems: 400,
    samplesPerCheckpoint: 100,
    alphas: ALPHAS,
    codeBytes: 1000,
  });
  console.log(`  ${r.samples} samples, ${(r.bytes / 2 ** 30).toFixed(2)} GiB`);
  return r.manifestPath;
}

async function main() {
  const manifest = await dataset();
  mkdirSync(BENCH, { recursive: true });
  const server = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: join(BENCH, 'pg'), database: 'postgres' });
  const adminUrl = process.env.DATABASE_URL ?? server!.url;
  const name = `bench_import_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = createDb(url);
  await migrate(db.pool);
  try {
    console.log('\n== import (frontier import of the manifest, including aggregation)');
    const cli = join(ROOT, 'apps/cli/bin/frontier.js');
    const run = await measure(process.execPath, [cli, 'import', manifest, '--study', 'Import benchmark'], {
      ...process.env,
      DATABASE_URL: url,
    });
    if (run.code !== 0) throw new Error(`import failed: ${run.stderr}`);
    const { rows } = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM sample');
    const samples = Number(rows[0]!.n);
    const importRate = samples / run.seconds;

    console.log('== ceiling (psql \\copy of the same rows into the same table)');
    const dump = join(BENCH, 'samples.copy');
    psql(url, `\\copy sample TO '${dump}'`);
    await db.pool.query('TRUNCATE sample');
    const copySeconds = psql(url, `\\copy sample FROM '${dump}'`);
    rmSync(dump, { force: true });
    const copyRate = samples / copySeconds;

    const ratio = importRate / copyRate;
    console.log(`\nsamples imported        ${samples.toLocaleString()}`);
    console.log(
      `import                  ${Math.round(importRate).toLocaleString()} samples/s (${run.seconds.toFixed(1)} s)`,
    );
    console.log(
      `ceiling (psql \\copy)    ${Math.round(copyRate).toLocaleString()} samples/s (${copySeconds.toFixed(1)} s)`,
    );
    console.log(`import / ceiling        ${ratio.toFixed(2)}  (target >= 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
    console.log(
      `importer peak RSS       ${run.peakRssMiB.toFixed(0)} MiB  (target < 1024 MiB: ${run.peakRssMiB < 1024 ? 'met' : 'NOT met'})`,
    );

    if (args.has('--skip-api')) return;
    console.log('\n== read API (every read endpoint of the study views), 20 concurrent clients');
    const { rows: study } = await db.pool.query<{ id: number }>(`SELECT id FROM study WHERE name = 'Import benchmark'`);
    // The ceiling above refilled `sample` with the same rows; the study reads use the aggregates,
    // the problem drill-down reads those samples.
    const web = await startWeb(ROOT, url, 3190);
    try {
      const id = study[0]!.id;
      const { rows: ends } = await db.pool.query<{ id: number }>(
        `SELECT id FROM checkpoint WHERE study_id = $1 ORDER BY alpha LIMIT 2`,
        [id],
      );
      const { rows: problem } = await db.pool.query<{ id: number }>('SELECT id FROM problem ORDER BY id LIMIT 1');
      const [a, b] = [ends[0]!.id, ends[1]!.id];
      const pid = problem[0]!.id;
      const urls = [
        `${web.base}/api/studies`,
        `${web.base}/api/studies/${id}`,
        `${web.base}/api/studies/${id}/data`,
        `${web.base}/api/studies/${id}/data?difficulty=hard`,
        `${web.base}/api/studies/${id}/facets`,
        `${web.base}/api/studies/${id}/evidence?a=${a}&b=${b}`,
        `${web.base}/api/studies/${id}/problems/${pid}`,
        `${web.base}/api/studies/${id}/problems/${pid}/samples?checkpoint=${a}`,
        `${web.base}/api/jobs?study=${id}`,
      ];
      // Warm-up to a steady state: each route module loaded and its hot paths optimised by V8
      // (about 40 requests per endpoint), as on a server that has been up for a while.
      await loadTest(urls, 20, 22);
      const stats = await loadTest(urls, 20, 40);
      for (const [endpoint, s] of stats) {
        const met = s.p95 < 100 ? 'met' : 'NOT met';
        console.log(
          `${endpoint.replace(web.base, '').padEnd(58)} p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  max ${s.max.toFixed(1)} ms  errors ${s.errors}/${s.requests}  (p95 < 100 ms: ${met})`,
        );
      }
    } finally {
      await web.stop();
    }
  } finally {
    await db.close();
    if (args.has('--keep-db')) console.log(`\nkept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await server?.stop();
  }
}

main().catch((err) => {
  console.error(`bench:import could not finish: ${(err as Error).message}`);
  process.exit(0);
});
