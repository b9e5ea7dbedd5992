// npm run bench:archive - a study archive out and in (issue 38). Not a timed test: it prints each
// figure next to a ceiling measured in the same run on the same machine, and always exits 0.
//   1. out: `frontier export STUDY --archive FILE` of a big study (default 10,000,000 samples),
//      timed, with its process tree's peak RSS; the ceiling: psql `\copy` of the same sample rows
//      to a file;
//   2. in: `frontier import FILE` into a fresh database, timed, with its peak RSS; the ceiling:
//      psql `\copy` of those rows from the file into a fresh table of the same layout.
// The study is SYNTHETIC: 1,000 problems x 40 checkpoints, programs of ~1 KB (as bench:scale's),
// per-test results on every sample, aggregates computed. It is generated straight into a
// database (no files), which takes a while: --keep-db keeps it, --reuse-db NAME reuses it (or a
// database kept by `npm run bench:scale -- --keep-db`, whose study is "Scale benchmark").
// Flags: --samples N (a multiple of 40,000), --reuse-db NAME, --study NAME, --keep-db.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Verdict } from '@frontier/core';
import { createDb, importStudy, migrate, recomputeAggregates, startEmbeddedPostgres } from '@frontier/db';
import type { ProblemSamples, StudyImport } from '@frontier/db';
import { Rng } from '@frontier/formats';
import { syntheticProgram } from '../../packages/formats/src/synthetic-code';
import { watchTreeRss } from './process-tree';
import { psql } from './psql';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = join(ROOT, '.bench');
const CLI = join(ROOT, 'apps/cli/bin/frontier.js');
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const PROBLEMS = 1000;
const CHECKPOINTS = 40;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** The CLI as a user runs it, timed, with its process tree's peak RSS. */
function frontier(args: string[], url: string): Promise<{ seconds: number; peakMiB: number; output: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const rss = watchTreeRss(child.pid!);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const peakMiB = rss.stop();
      if (code !== 0) reject(new Error(`frontier ${args[0]} exited with ${code}: ${output.slice(-2000)}`));
      else resolve({ seconds: (performance.now() - t0) / 1000, peakMiB, output });
    });
  });
}

/** The synthetic study, written through the importer (COPY) and aggregated. */
async function generate(url: string, study: string, samples: number): Promise<void> {
  const perCell = samples / (PROBLEMS * CHECKPOINTS);
  console.log(
    `generating a ${fmt(samples)}-sample study (${PROBLEMS} problems x ${CHECKPOINTS} checkpoints x ${perCell}) …`,
  );
  const t0 = performance.now();
  const rng = new Rng(38);
  const programs = Array.from({ length: 20_000 }, () => syntheticProgram(rng, 1000));
  const verdicts: Verdict[] = ['AC', 'WA', 'TLE', 'RE', 'AC', 'MLE'];
  const input: StudyImport = {
    study: { name: study, origin: 'synthetic', description: 'bench:archive' },
    benchmark: 'Archive benchmark',
    runs: Array.from({ length: CHECKPOINTS }, (_, c) => {
      const alpha = Math.round((-1 + 0.1 * c) * 10) / 10;
      return {
        source: `synthetic alpha ${alpha}`,
        sourceHash: `bench-archive-${samples}-${c}`,
        checkpoint: { name: `alpha ${alpha}`, role: 'MERGED' as const, alpha, scale: '7B' },
        setting: 'reasoning',
        problems: async function* (): AsyncGenerator<ProblemSamples> {
          for (let p = 0; p < PROBLEMS; p++) {
            yield {
              problem: { externalId: `p${String(p).padStart(4, '0')}`, difficulty: ['easy', 'medium', 'hard'][p % 3]! },
              samples: Array.from({ length: perCell }, (_, idx) => {
                const verdict = verdicts[(p + idx + c) % verdicts.length]!;
                return {
                  idx,
                  code: programs[(p * 7919 + idx * 104_729 + c * 31) % programs.length]!,
                  verdict,
                  tests: Array.from({ length: 8 }, (_, t) => ({
                    verdict: t < 5 ? ('AC' as const) : verdict,
                    cpuMs: 10 + t * 3 + (idx % 17),
                    peakKib: 9000 + t * 100,
                  })),
                };
              }),
            };
          }
        },
      };
    }),
  };
  const db = createDb(url);
  try {
    const summary = await importStudy(db, input);
    await recomputeAggregates(db, summary.runIds);
    // The import queued its own aggregation for the workers; none runs here.
    await db.pool.query("DELETE FROM pipeline_job WHERE kind = 'aggregate'");
    console.log(`  ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await db.close();
  }
}

async function databaseUrl(adminUrl: string, name: string): Promise<string> {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function main() {
  mkdirSync(BENCH, { recursive: true });
  const samples = Number(option('--samples') ?? 10_000_000);
  if (!Number.isInteger(samples) || samples <= 0 || samples % (PROBLEMS * CHECKPOINTS) !== 0)
    throw new Error(`--samples must be a positive multiple of ${PROBLEMS * CHECKPOINTS}`);
  const server = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: join(BENCH, 'pg'), database: 'postgres' });
  const adminUrl = process.env.DATABASE_URL ?? server!.url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const reuse = option('--reuse-db');
  const stamp = Date.now();
  const sourceName = reuse ?? `bench_archive_${stamp}`;
  const targetName = `bench_archive_in_${stamp}`;
  const source = await databaseUrl(adminUrl, sourceName);
  const target = await databaseUrl(adminUrl, targetName);
  const file = join(BENCH, 'archive-bench.frontier.gz');
  const dump = join(BENCH, 'archive-bench-samples.copy');
  try {
    if (!reuse) await admin.query(`CREATE DATABASE ${sourceName}`);
    await admin.query(`CREATE DATABASE ${targetName}`);
    for (const url of [source, target]) {
      const db = createDb(url);
      await migrate(db.pool);
      await db.close();
    }
    const study = option('--study') ?? (reuse ? await existingStudy(source) : `Archive benchmark ${fmt(samples)}`);
    if (!reuse) await generate(source, study, samples);
    const db = createDb(source);
    const { rows } = await db.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM sample WHERE run_id IN
         (SELECT r.id FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id JOIN study s ON s.id = c.study_id WHERE s.name = $1)`,
      [study],
    );
    await db.close();
    const n = Number(rows[0]!.n);
    console.log(`\nstudy "${study}": ${fmt(n)} samples`);

    console.log('\n== 1. out: frontier export --archive, against psql \\copy of the same sample rows to a file');
    rmSync(file, { force: true });
    const out = await frontier(['export', study, '--archive', file], source);
    const archiveBytes = statSync(file).size;
    const runs = `SELECT r.id FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id JOIN study s ON s.id = c.study_id WHERE s.name = '${study.replaceAll("'", "''")}'`;
    const copyOut = psql(source, `\\copy (SELECT * FROM sample WHERE run_id IN (${runs})) TO '${dump}'`);
    const dumpBytes = statSync(dump).size;
    console.log(
      `frontier export --archive ${out.seconds.toFixed(1).padStart(7)} s  ${fmt(n / out.seconds).padStart(10)} samples/s  peak RSS ${out.peakMiB.toFixed(0)} MiB  file ${mib(archiveBytes)} (${(archiveBytes / n).toFixed(0)} B/sample)`,
    );
    console.log(
      `psql \\copy TO file        ${copyOut.toFixed(1).padStart(7)} s  ${fmt(n / copyOut).padStart(10)} samples/s  file ${mib(dumpBytes)} (text, uncompressed)`,
    );
    console.log(`export / psql \\copy time  ${(out.seconds / copyOut).toFixed(2)}x`);

    // The source is no longer read: a 10M study's copy in three databases at once would not fit some disks.
    const keep = flag('--keep-db') || reuse;
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${sourceName} WITH (FORCE)`);

    console.log('\n== 2. in: frontier import of the archive into a fresh database, against psql \\copy FROM the file');
    const inn = await frontier(['import', file], target);
    const tdb = createDb(target);
    const imported = Number((await tdb.pool.query<{ n: string }>('SELECT count(*) AS n FROM sample')).rows[0]!.n);
    await tdb.pool.query('CREATE TABLE sample_ceiling (LIKE sample INCLUDING ALL)');
    await tdb.close();
    if (imported !== n) throw new Error(`the import holds ${imported} samples, the study ${n}`);
    const copyIn = psql(target, `\\copy sample_ceiling FROM '${dump}'`);
    console.log(
      `frontier import           ${inn.seconds.toFixed(1).padStart(7)} s  ${fmt(n / inn.seconds).padStart(10)} samples/s  peak RSS ${inn.peakMiB.toFixed(0)} MiB`,
    );
    console.log(
      `psql \\copy FROM file      ${copyIn.toFixed(1).padStart(7)} s  ${fmt(n / copyIn).padStart(10)} samples/s`,
    );
    console.log(`import / psql \\copy time  ${(inn.seconds / copyIn).toFixed(2)}x`);
    console.log(
      '\n(the archive also carries problems, tests, checkpoints, runs, aggregates and shares, verifies a checksum, and renumbers ids; the ceiling moves the sample rows only)',
    );
  } finally {
    rmSync(dump, { force: true });
    rmSync(file, { force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
    if (flag('--keep-db') || reuse) console.log(`\nkept database ${sourceName} (--reuse-db ${sourceName})`);
    else await admin.query(`DROP DATABASE IF EXISTS ${sourceName} WITH (FORCE)`);
    await admin.end();
    await server?.stop();
  }
}

async function existingStudy(url: string): Promise<string> {
  const db = createDb(url);
  try {
    const { rows } = await db.pool.query<{ name: string }>(
      `SELECT s.name FROM study s JOIN checkpoint c ON c.study_id = s.id JOIN eval_run r ON r.checkpoint_id = c.id
       JOIN sample x ON x.run_id = r.id GROUP BY s.name ORDER BY count(*) DESC LIMIT 1`,
    );
    if (!rows[0]) throw new Error('the reused database holds no study with samples: name one with --study');
    return rows[0].name;
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(`bench:archive could not finish: ${(err as Error).stack ?? err}`);
  process.exit(0);
});
