import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ServingError } from './errors';
import { startGuard, type ServerExit } from './guard-client';
import { seconds } from './http';
import { fileSize, readLogTail } from './log-tail';
import { listModels } from './models';
import { checkServeCommand, renderServeCommand } from './shell';

export type { ServerExit } from './guard-client';

export interface LaunchOptions {
  /** `sh` command template with `{checkpoint}`, `{model}` and `{port}`, which get shell-quoted values. */
  command: string;
  checkpointDir: string;
  /** The name the command serves the checkpoint under; the server is ready once it lists it. */
  model: string;
  startupTimeoutMs: number;
  /** The server's stdout and stderr are appended here (parent directories are created). */
  logFile: string;
  /** Sent as `Authorization: Bearer` while waiting for the server. */
  apiKey?: string;
  /** Aborting stops the server, during start-up or after. */
  signal?: AbortSignal;
  /** Where the port is picked and the server reached; default 127.0.0.1. */
  host?: string;
  /** Between two `GET /v1/models` while waiting; default 250 ms. */
  pollMs?: number;
  /** From SIGTERM to SIGKILL when stopping; default 10 s. */
  stopGraceMs?: number;
}

export interface LaunchedServer {
  /** e.g. `http://127.0.0.1:PORT/v1`. */
  baseUrl: string;
  port: number;
  /** The pid of the `sh` running the command, which leads the server's process group. */
  pid: number;
  pgid: number;
  logFile: string;
  /** Resolves when the server exits, for whatever reason. It does not keep this process alive. */
  exited: Promise<ServerExit>;
  /** The last lines this server wrote to its log. */
  logTail(lines?: number): string;
  /** SIGTERM to the whole group, SIGKILL after the grace period; idempotent; resolves when the group is gone. */
  stop(): Promise<void>;
}

/**
 * Starts an inference server for one checkpoint on a free port and resolves once it lists the
 * model. The server never outlives this process: a guard process stops its whole process group
 * when we ask, when we exit, or when we die (even by SIGKILL). If the server exits or does not
 * list the model in time, it is stopped and the error carries the last lines of its log.
 */
export async function launchServer(opts: LaunchOptions): Promise<LaunchedServer> {
  checkServeCommand(opts.command);
  if (opts.signal?.aborted) throw cancelled(opts);
  const host = opts.host ?? '127.0.0.1';
  const port = await freePort(host);
  const command = renderServeCommand(opts.command, { checkpoint: opts.checkpointDir, model: opts.model, port });
  const logStart = fileSize(opts.logFile);
  const guard = startGuard(command, opts.logFile, opts.stopGraceMs ?? 10_000);
  const onAbort = () => void guard.stop();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const stop = () => {
    opts.signal?.removeEventListener('abort', onAbort);
    return guard.stop();
  };
  try {
    const pid = await guard.started;
    const server: LaunchedServer = {
      baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}/v1`,
      port,
      pid,
      pgid: pid,
      logFile: opts.logFile,
      exited: guard.exited,
      logTail: (lines = 20) => readLogTail(opts.logFile, logStart, lines),
      stop,
    };
    await waitUntilListed(server, opts);
    guard.unref();
    return server;
  } catch (err) {
    await stop();
    throw err;
  }
}

async function waitUntilListed(server: LaunchedServer, opts: LaunchOptions): Promise<void> {
  const deadline = Date.now() + opts.startupTimeoutMs;
  // Ends a poll or a pause at once when the server exits or the caller gives up.
  const interrupt = new AbortController();
  let exit: ServerExit | undefined;
  void server.exited.then((e) => {
    exit = e;
    interrupt.abort();
  });
  const onAbort = () => interrupt.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  // What to say at the time-out: what the server listed, if it ever answered (more telling than
  // the last poll, which the deadline itself may have cut short), else the last failure.
  let listed: string | undefined;
  let last = 'no answer yet';
  try {
    for (;;) {
      if (exit) throw failed(server, `exited ${exitHow(exit)} before serving "${opts.model}"`);
      if (opts.signal?.aborted) throw cancelled(opts);
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw failed(
          server,
          `did not list "${opts.model}" within ${seconds(opts.startupTimeoutMs)} (${listed ?? last}), so it was stopped; raise the start-up timeout if it was still loading`,
        );
      }
      try {
        const models = await listModels(server.baseUrl, {
          apiKey: opts.apiKey,
          signal: interrupt.signal,
          timeoutMs: Math.min(5_000, remaining),
        });
        if (models.includes(opts.model)) return;
        listed = `it lists ${models.map((m) => `"${m}"`).join(', ') || 'no model'}`;
      } catch (err) {
        if (!interrupt.signal.aborted) last = `last answer: ${(err as Error).message}`;
      }
      await sleep(Math.min(opts.pollMs ?? 250, Math.max(0, deadline - Date.now())), undefined, {
        signal: interrupt.signal,
      }).catch(() => {});
    }
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

function exitHow({ code, signal }: ServerExit): string {
  return signal ? `on signal ${signal}` : `with code ${code}`;
}

function failed(server: LaunchedServer, what: string): ServingError {
  return new ServingError(
    `the inference server ${what}; last lines of its log (${server.logFile}):\n${server.logTail() || '(nothing)'}`,
  );
}

function cancelled(opts: LaunchOptions): ServingError {
  return new ServingError(`launching the inference server for "${opts.model}" was cancelled`, {
    cause: opts.signal?.reason,
  });
}

/** A port nothing listens on now; the server binds it a moment later. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', (err) => reject(new ServingError(`could not find a free port on ${host}: ${err.message}`)));
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
