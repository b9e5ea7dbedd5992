// npm run bench:auth - issue 13's benchmark (not a timed test: it prints, whatever the figures):
// the read API's p95 under 20 clients authenticated by API token (server mode) against the same
// reads without authentication (local mode), in one run: one database holding the 41 x 1000 perf
// sweep, one build, two `next start` processes, rounds alternating between them.
//   BENCH_ROUNDS (default 5), BENCH_REQUESTS per client per round (default 40), DATABASE_URL (a
//   throwaway database is made on that server; else an embedded Postgres in a temp dir).
// Exits 1 if it cannot finish or any response is not 2xx (a 401: the token was not accepted).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadTest, quantile } from './latency';
import { buildWeb, startWeb } from './web-server';
import { throwawayDatabase } from './throwaway-database';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENTS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_CLIENT = Number(process.env.BENCH_REQUESTS ?? 40);
const CEILING_PCT = 10;
const STUDY = 'Auth benchmark';
const EMAIL = 'bench-viewer@example.com';
// Our own build: other agents may be building apps/web/.next at the same time.
process.env.FRONTIER_NEXT_DIST_DIR ??= '.next-bench-auth';

// Undone in reverse order on the way out, error or Ctrl-C included; once, however many ask.
const cleanups: (() => unknown)[] = [];
let cleaning: Promise<void> | undefined;
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) {
      await Promise.resolve()
        .then(undo)
        .catch((err: unknown) => console.error(`clean-up: ${(err as Error).message}`));
    }
  })());

/** Runs the real CLI against the database and returns its stdout. */
function frontier(url: string, args: string[], input = ''): string {
  const r = spawnSync(process.execPath, [join(ROOT, 'apps/cli/bin/frontier.js'), ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: url },
  });
  if (r.status !== 0)
    throw new Error(`frontier ${args[0]} ${args[1]} failed: ${r.stderr.trim().split('\n').slice(-3).join(' / ')}`);
  return r.stdout;
}

async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The study's read endpoints, as the UI calls them (paths relative to a server). */
async function readPaths(url: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const one = async (sql: string, params: unknown[] = []) =>
      (await db.query<{ id: number }>(sql, params)).rows.map((r) => r.id);
    const [id] = await one('SELECT id FROM study WHERE name = $1', [STUDY]);
    const [a, b] = await one('SELECT id FROM checkpoint WHERE study_id = $1 ORDER BY alpha LIMIT 2', [id]);
    const [pid] = await one('SELECT id FROM problem ORDER BY id LIMIT 1');
    const s = `/api/studies/${id}`;
    return [
      '/api/studies',
      s,
      `${s}/data`,
      `${s}/data?difficulty=hard`,
      `${s}/facets`,
      `${s}/evidence?a=${a}&b=${b}`,
      `${s}/problems/${pid}`,
      `${s}/problems/${pid}/samples?checkpoint=${a}`,
      `/api/jobs?study=${id}`,
    ];
  } finally {
    await db.end();
  }
}

interface Mode {
  name: string;
  base: string;
  headers: Record<string, string>;
  ms: number[];
  roundP95: number[];
  non2xx: number;
}

/** One request per endpoint, failing loudly with the answer when it is not 2xx. */
async function probe(mode: Mode, paths: string[]): Promise<void> {
  for (const path of paths) {
    const res = await fetch(mode.base + path, { headers: mode.headers });
    if (!res.ok)
      throw new Error(`${mode.name}: GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  }
}

async function load(mode: Mode, paths: string[], perClient: number) {
  if (cleaning) throw new Error('interrupted'); // Ctrl-C: the servers are going, measure no more
  const stats = [
    ...(
      await loadTest(
        paths.map((p) => mode.base + p),
        CLIENTS,
        perClient,
        mode.headers,
      )
    ).values(),
  ];
  return { ms: stats.flatMap((s) => s.ms), non2xx: stats.reduce((n, s) => n + s.errors, 0) };
}

const p = (ms: number[], q: number) =>
  quantile(
    [...ms].sort((x, y) => x - y),
    q,
  );
const median = (xs: number[]) => p(xs, 0.5);
const pct = (a: number, b: number) => (a / b - 1) * 100;
const pctText = (o: number) => `${o >= 0 ? '+' : ''}${o.toFixed(1)}%`;
const fmt = (ms: number) => ms.toFixed(1).padStart(8);

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'frontier-bench-auth-'));
  chmodSync(tmp, 0o755); // the embedded Postgres runs as its own user when we are root
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  const url = await throwawayDatabase(tmp, 'bench_auth', cleanups);

  console.log('writing and importing the perf sweep (41 checkpoints x 1000 problems) with `frontier import`…');
  const sweep = spawnSync(
    join(ROOT, 'node_modules/.bin/tsx'),
    [join(ROOT, 'e2e/support/write-perf-sweep.ts'), join(tmp, 'sweep')],
    { encoding: 'utf8' },
  );
  if (sweep.status !== 0) throw new Error(`writing the sweep failed: ${sweep.stderr}`);
  // The import waits for the aggregation, so the study reads hit the finished aggregates.
  frontier(url, ['import', sweep.stdout.trim(), '--study', STUDY]);
  frontier(url, ['user', 'add', EMAIL, '--role', 'viewer'], `${randomBytes(12).toString('base64url')}\n`);
  const token = frontier(url, ['token', 'create', EMAIL, '--name', 'bench:auth']).trim().split('\n').at(-1)!;
  const paths = await readPaths(url);

  console.log(`building the web app into apps/web/${process.env.FRONTIER_NEXT_DIST_DIR}…`);
  buildWeb(ROOT);
  const serverPort = await freePort('127.0.0.2');
  const local = await startWeb(ROOT, url, await freePort('127.0.0.1'), {
    build: false,
    host: '127.0.0.1',
    env: { FRONTIER_HOST: '127.0.0.1' },
  });
  cleanups.push(() => local.stop());
  const server = await startWeb(ROOT, url, serverPort, {
    build: false,
    host: '127.0.0.2',
    env: {
      FRONTIER_HOST: '127.0.0.2',
      FRONTIER_PUBLIC_URL: `http://127.0.0.2:${serverPort}`,
      FRONTIER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    },
  });
  cleanups.push(() => server.stop());

  const plain: Mode = { name: 'local mode, no auth', base: local.base, headers: {}, ms: [], roundP95: [], non2xx: 0 };
  const authed: Mode = {
    name: 'server mode, token',
    base: server.base,
    headers: { authorization: `Bearer ${token}` },
    ms: [],
    roundP95: [],
    non2xx: 0,
  };
  const modes = [plain, authed];
  // The comparison only means something if the server really checks: without the token, a 401.
  const anonymous = await fetch(`${server.base}/api/studies`);
  if (anonymous.status !== 401)
    throw new Error(
      `server mode answered ${anonymous.status} to a read without a token, not 401: is it in server mode?`,
    );
  for (const mode of modes) await probe(mode, paths);

  // Warm-up to a steady state (every route loaded, hot paths optimised by V8, caches filled).
  for (const mode of modes) await load(mode, paths, 40);
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which mode goes first (AB, BA, ...) so drift and order effects fall on both.
    for (const mode of r % 2 === 0 ? modes : [...modes].reverse()) {
      const round = await load(mode, paths, PER_CLIENT);
      mode.ms.push(...round.ms);
      mode.roundP95.push(p(round.ms, 0.95));
      mode.non2xx += round.non2xx;
    }
  }

  console.log(
    `\n== read API: ${paths.length} endpoints, ${CLIENTS} clients, ${ROUNDS} rounds x ${CLIENTS * PER_CLIENT} requests per mode, alternating`,
  );
  console.log(`${'mode'.padEnd(22)}requests  non-2xx    p50 ms    p95 ms  median round p95 ms`);
  for (const m of modes) {
    console.log(
      `${m.name.padEnd(22)}${String(m.ms.length).padStart(8)}${String(m.non2xx).padStart(9)}  ${fmt(p(m.ms, 0.5))}  ${fmt(p(m.ms, 0.95))}  ${fmt(median(m.roundP95))}`,
    );
  }
  for (const m of modes) console.log(`  round p95s, ${m.name}: ${m.roundP95.map((v) => v.toFixed(1)).join(', ')} ms`);
  const overall = pct(p(authed.ms, 0.95), p(plain.ms, 0.95));
  const rounds = pct(median(authed.roundP95), median(plain.roundP95));
  const verdict = (o: number) => `${pctText(o)}  (ceiling ${CEILING_PCT}%: ${o <= CEILING_PCT ? 'met' : 'NOT met'})`;
  console.log(
    `token-auth overhead on p50, all requests        ${pctText(pct(p(authed.ms, 0.5), p(plain.ms, 0.5)))}  (for scale; the ceiling is on p95)`,
  );
  console.log(`token-auth overhead on p95, all requests        ${verdict(overall)}`);
  console.log(`token-auth overhead on the median round p95     ${verdict(rounds)}`);
  console.log(`\nunlike a real deployment: the clients, both servers and Postgres share this machine's CPUs
(${availableParallelism()} here) and talk over loopback (no network round trip, no TLS, no reverse proxy), so the
token lookup's round trip to Postgres is cheaper than across a LAN while CPU contention weighs on
both modes; one user with one token; ${process.env.DATABASE_URL ? 'the Postgres of DATABASE_URL' : 'an embedded Postgres'}; a synthetic sweep.`);

  if (plain.non2xx + authed.non2xx > 0) throw new Error('some responses were not 2xx: the figures above are not valid');
}

// `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and relayed by tsx), and
// tsx exits at once on a signal that has no listener left.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!cleaning) console.error(`bench:auth: ${signal}, cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}
main()
  .then(cleanUp)
  .catch(async (err: unknown) => {
    await cleanUp();
    console.error(`bench:auth FAILED: ${(err as Error).message}`);
    process.exit(1);
  });
