// npm run bench:bundle - what an offline copy ("Download as HTML", `frontier share bundle`) of a
// 500-problem x 33-checkpoint study weighs and costs, through the real web app and database:
//   - the viewer's build (esbuild), the one-off cost of a web build;
//   - the Frontier share's file and the matrix view's file: bytes, gzipped bytes, time to make;
//   - baselines from the same run: the share's JSON payload gzipped (what the study data costs on
//     the wire), and the time to make the share link itself.
// Not a test: it prints figures and never fails on speed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { writeSyntheticSweep } from '@frontier/formats';
import { buildWebIfStale } from '../../apps/cli/src/up/build-web';
import { buildViewer } from '../../apps/web/src/viewer/build-viewer';
import { throwawayDatabase } from './throwaway-database';
import { startWeb } from './web-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = join(ROOT, '.bench', 'bundle');
const PROBLEMS = 500;
const ALPHAS = Array.from({ length: 33 }, (_, i) => Math.round((-0.6 + 0.0625 * i) * 1e4) / 1e4);
const STUDY = 'Bundle benchmark';
const REPEATS = 5;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The time of a request (median of REPEATS, after one cold call) and its body. */
async function timed(
  label: string,
  call: () => Promise<Response>,
): Promise<{ cold: number; warm: number; body: Buffer; res: Response }> {
  let t0 = performance.now();
  const first = await call();
  const body = Buffer.from(await first.arrayBuffer());
  if (!first.ok) throw new Error(`${label}: ${first.status} ${body.toString('utf8').slice(0, 300)}`);
  const cold = performance.now() - t0;
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    t0 = performance.now();
    await (await call()).arrayBuffer();
    times.push(performance.now() - t0);
  }
  return { cold, warm: median(times), body, res: first };
}

async function main() {
  rmSync(BENCH, { recursive: true, force: true });
  mkdirSync(BENCH, { recursive: true });
  console.log(`writing a ${PROBLEMS}-problem x ${ALPHAS.length}-checkpoint sweep…`);
  const sweep = await writeSyntheticSweep({
    dir: join(BENCH, 'sweep'),
    seed: 38,
    problems: PROBLEMS,
    samplesPerCheckpoint: 8,
    alphas: ALPHAS,
    codeBytes: 40,
  });
  const cleanups: (() => unknown)[] = [];
  const url = await throwawayDatabase(BENCH, 'bench_bundle', cleanups);
  let web: Awaited<ReturnType<typeof startWeb>> | undefined;
  try {
    const imported = spawnSync(
      process.execPath,
      [join(ROOT, 'apps/cli/bin/frontier.js'), 'import', sweep.manifestPath, '--study', STUDY],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATABASE_URL: url } },
    );
    if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr}`);

    console.log('building the offline viewer…');
    const viewer = await buildViewer();
    buildWebIfStale(ROOT, console.log);
    web = await startWeb(ROOT, url, await freePort(), { build: false });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ id: number }>('SELECT id FROM study WHERE name = $1', [STUDY]);
    await client.end();
    const studyId = rows[0]!.id;

    const share = await timed('POST /api/shares', () =>
      fetch(`${web!.base}/api/shares`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: web!.base },
        body: JSON.stringify({ studyId, view: `/studies/${studyId}` }),
      }),
    );
    const token = (JSON.parse(share.body.toString('utf8')) as { token: string }).token;
    const payload = await storedPayload(url, token);
    const frontier = await timed('share bundle', () => fetch(`${web!.base}/api/shares/${token}/bundle`));
    const matrixView = encodeURIComponent(`/studies/${studyId}/matrix?sort=spread`);
    const matrix = await timed('matrix bundle', () =>
      fetch(`${web!.base}/api/studies/${studyId}/bundle?view=${matrixView}`),
    );

    console.log(`\n== offline copies of a ${PROBLEMS}-problem x ${ALPHAS.length}-checkpoint study`);
    console.log(
      `viewer build (esbuild)     ${(viewer.ms / 1000).toFixed(1)} s: script ${mb(viewer.js)}, CSS ${(viewer.css / 1e3).toFixed(0)} kB`,
    );
    for (const [label, r] of [
      ['Frontier share file', frontier],
      ['matrix view file', matrix],
    ] as const) {
      console.log(
        `${label.padEnd(26)} ${mb(r.body.length)} (${mb(gzipSync(r.body).length)} gzipped); made in ${r.cold.toFixed(0)} ms cold, ${r.warm.toFixed(0)} ms warm`,
      );
    }
    const payloadBytes = Buffer.from(payload);
    console.log(
      `baseline: the share's payload   ${mb(payloadBytes.length)} JSON, ${mb(gzipSync(payloadBytes).length)} gzipped`,
    );
    console.log(`baseline: making the share link ${share.cold.toFixed(0)} ms cold, ${share.warm.toFixed(0)} ms warm`);
    const viewerShare = frontier.body.length - payloadBytes.length;
    console.log(`so the file is the payload + ${mb(viewerShare)} of viewer and page`);
  } finally {
    await web?.stop();
    for (const undo of cleanups.reverse()) await undo();
    rmSync(BENCH, { recursive: true, force: true });
  }
}

/** The stored payload of a share, as JSON text. */
async function storedPayload(url: string, token: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ payload: string }>('SELECT payload::text AS payload FROM share WHERE token = $1', [
    token,
  ]);
  await c.end();
  // jsonb's text has a space after each ':' and ','; the file holds it as JSON.stringify writes it.
  return JSON.stringify(JSON.parse(rows[0]!.payload));
}

await main();
