import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { postgresBinaries } from './binaries';
import { initCluster } from './initdb';
import { withFileLock } from './lock';
import { assertTraversable, postgresEnv, postgresRunAs } from './os-user';
import { isAlive, isRunning, readPid, readPostmaster, waitUntil } from './process-files';

export interface EmbeddedOptions {
  /** Project data directory; the cluster lives in `<dataDir>/pgdata` and survives restarts. */
  dataDir: string;
  /** Preferred port; the next free one is taken when it is busy. */
  port?: number;
  database?: string;
  log?: (line: string) => void;
}

export interface EmbeddedServer {
  url: string;
  /** True when a server that was already running was reused. */
  reused: boolean;
  /** Stops the server if this process owns it (started or adopted it); otherwise does nothing. */
  stop(): Promise<void>;
  /**
   * Resolves when the server process ends, whatever the cause (`stop()` included), so a
   * supervisor can start it again. The exit status is known only for a server this process
   * started; one it reused or adopted is not its child and is watched by pid (code and signal null).
   */
  exited(): Promise<ServerExit>;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const DEFAULT_PORT = 54329;

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = resolve(opts.dataDir);
  const pgdata = join(dataDir, 'pgdata');
  const database = opts.database ?? 'frontier';
  const log = opts.log ?? (() => {});
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const runAs = postgresRunAs();
  assertTraversable(pgdata, runAs);
  return withFileLock(join(dataDir, 'start.lock'), async () => {
    const password = credentials(dataDir);
    const ownerFile = join(dataDir, 'owner.pid');
    const running = readPostmaster(pgdata);
    if (running) {
      const url = urlFor(password, running.port, database);
      await ensureDatabase(password, running.port, database);
      const owner = readPid(ownerFile);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        log(`reusing the embedded Postgres on port ${running.port} (owned by pid ${owner})`);
        return { url, reused: true, stop: async () => {}, exited: pidExited(running.pid) };
      }
      // Its owner died without stopping it (a killed run): adopt the orphan and stop it later.
      log(`adopting an orphaned embedded Postgres (pid ${running.pid}, port ${running.port})`);
      writeFileSync(ownerFile, String(process.pid));
      return {
        url,
        reused: true,
        stop: () => stopServer(running.pid, pgdata, ownerFile),
        exited: pidExited(running.pid),
      };
    }
    const bins = await postgresBinaries();
    initCluster(bins.initdb, pgdata, password, runAs);
    const port = await freePort(opts.port ?? DEFAULT_PORT, opts.port !== undefined);
    const logFile = join(dataDir, 'postgres.log');
    const out = openSync(logFile, 'a');
    // Detached with its output in a file: the server must not die with a terminal's process group,
    // and a later start finds it through postmaster.pid if this process is killed.
    const child = spawn(
      bins.postgres,
      [
        '-D',
        pgdata,
        '-p',
        String(port),
        '-h',
        '127.0.0.1',
        '-k',
        pgdata,
        '-c',
        'synchronous_commit=off',
        '-c',
        'max_connections=200',
      ],
      { ...runAs, detached: true, stdio: ['ignore', out, out], env: postgresEnv() },
    );
    child.unref();
    let exited = false;
    const exit = new Promise<ServerExit>((res) =>
      child.on('exit', (code, signal) => {
        exited = true;
        res({ code, signal });
      }),
    );
    const ready = await waitUntil(async () => exited || (await canConnect(password, port)), 30_000);
    if (exited || !ready) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
      throw new Error(`the embedded Postgres did not start (see ${logFile}):\n${tail}`);
    }
    writeFileSync(ownerFile, String(process.pid));
    await ensureDatabase(password, port, database);
    log(`started the embedded Postgres on port ${port} (data in ${pgdata})`);
    return {
      url: urlFor(password, port, database),
      reused: false,
      stop: () => stopServer(child.pid!, pgdata, ownerFile),
      exited: () => exit,
    };
  });
}

function credentials(dataDir: string): string {
  const file = join(dataDir, 'credentials.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { password: string }).password;
  const password = randomBytes(18).toString('base64url');
  writeFileSync(file, JSON.stringify({ user: 'postgres', password }), { mode: 0o600 });
  return password;
}

function urlFor(password: string, port: number, database: string): string {
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function canConnect(password: string, port: number): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function ensureDatabase(password: string, port: number, database: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created concurrently
      });
  } finally {
    await client.end();
  }
}

async function freePort(preferred: number, strict: boolean): Promise<number> {
  for (let port = preferred; port < preferred + (strict ? 1 : 50); port++) {
    const free = await new Promise<boolean>((res) => {
      const server = createServer();
      server.once('error', () => res(false));
      server.listen(port, '127.0.0.1', () => server.close(() => res(true)));
    });
    if (free) return port;
  }
  throw new Error(
    strict ? `port ${preferred} is in use; choose another FRONTIER_PG_PORT` : `no free port near ${preferred}`,
  );
}

// A process that is not our child sends no exit event: poll its pid, from the first call on only
// (most users never ask, and a timer per reused server would be waste).
function pidExited(pid: number): () => Promise<ServerExit> {
  let watched: Promise<ServerExit> | undefined;
  return () =>
    (watched ??= new Promise((res) => {
      const timer = setInterval(() => {
        if (isRunning(pid)) return;
        clearInterval(timer);
        res({ code: null, signal: null });
      }, 1000);
      timer.unref();
    }));
}

async function stopServer(pid: number, pgdata: string, ownerFile: string): Promise<void> {
  if (isAlive(pid)) {
    process.kill(pid, 'SIGINT'); // "fast" shutdown: ends sessions, checkpoints, exits
    // An adopted orphan is not our child: it may linger as a zombie, so also accept the
    // removal of postmaster.pid, which Postgres does last on a clean shutdown.
    await waitUntil(() => !isAlive(pid) || !readPostmaster(pgdata), 30_000);
  }
  if (readPid(ownerFile) === process.pid) rmSync(ownerFile, { force: true });
}
