import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { SlotCgroups } from './cgroups';
import type { RunRequest, RunResult, SandboxSlot } from './types';

export interface ZygoteSlotOptions {
  index: number;
  python: string;
  /** Arguments of `python` that start runtime/zygote.py (see zygoteCommand); the config follows. */
  zygoteArgs: string[];
  cgroups: SlotCgroups;
  roots: { work: string; cache: string };
  reaper: string;
  /** native/supervisor.c built as a shared library. */
  native: string;
  /** native/template.c built as a shared library. */
  templateNative: string;
  uid: number;
  gid: number;
  freshNetwork: boolean;
  /** Pin the supervisor (and so its tests) to one CPU: the index-th of those allowed, modulo. */
  pin: boolean;
  /** Top-level directories to hide; default every one but the system directories. */
  hide?: string[];
  log: (message: string) => void;
}

/**
 * One worker slot backed by a pre-started Python supervisor (runtime/zygote.py), which forks a
 * sandboxed process per run. Requests (a single run, or a batch of runs answered run by run)
 * are served one at a time.
 */
export class ZygoteSlot implements SandboxSlot {
  readonly index: number;
  private proc!: ChildProcess;
  private pending: { resolve: (r: RunResult) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | undefined;
  private batch:
    | { id: number; onResult: (k: number, r: RunResult) => boolean; resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout; arm: () => void; cancelled: boolean; error?: Error }
    | undefined;
  private ready!: Promise<void>;
  private dead: Error | undefined;
  private stderrTail = '';
  private nextId = 1;
  private closing = false;

  constructor(private readonly opts: ZygoteSlotOptions) {
    this.index = opts.index;
    this.start();
  }

  get alive(): boolean {
    return !this.dead;
  }

  private start(): void {
    const o = this.opts;
    const config = {
      uid: o.uid, gid: o.gid, roots: { work: o.roots.work, cache: o.roots.cache },
      memoryCgroup: o.cgroups.memory, pidsCgroup: o.cgroups.pids, reaper: o.reaper, native: o.native, templateNative: o.templateNative,
      freshNetwork: o.freshNetwork, pin: o.pin ? o.index : null, hide: o.hide ?? null,
    };
    // The environment is scrubbed here: a forked test inherits this process's memory, including
    // its initial environment block, so nothing of the host's may be in it.
    this.proc = spawn(o.python, [...o.zygoteArgs, JSON.stringify(config)], {
      env: { LANG: 'C.UTF-8', PATH: '/usr/bin:/bin' },
      stdio: ['pipe', 'pipe', 'pipe'],
      cwd: '/',
    });
    this.proc.stderr!.on('data', (d: Buffer) => {
      this.stderrTail = (this.stderrTail + d.toString()).slice(-4000);
    });
    const lines = createInterface({ input: this.proc.stdout! });
    let readyResolve!: () => void;
    let readyReject!: (e: Error) => void;
    this.ready = new Promise((res, rej) => ((readyResolve = res), (readyReject = rej)));
    this.ready.catch(() => {});
    let started = false;
    lines.on('line', (line) => {
      if (!started) {
        started = true;
        readyResolve();
        return;
      }
      const b = this.batch;
      if (b) {
        let msg: RunResult & { internalError?: string; k?: number; done?: number };
        try {
          msg = JSON.parse(line);
        } catch (err) {
          this.batch = undefined;
          clearTimeout(b.timer);
          b.reject(err as Error);
          return;
        }
        if (msg.done !== undefined) {
          this.batch = undefined;
          clearTimeout(b.timer);
          if (b.error) b.reject(b.error);
          else b.resolve();
        } else if (msg.internalError) {
          b.error = new Error(`sandbox supervisor: ${msg.internalError}`); // its 'done' line follows
        } else if (!b.cancelled) {
          b.arm();
          let more = false;
          try {
            more = b.onResult(msg.k!, msg);
          } catch (err) {
            this.opts.log(`batch result handler failed: ${(err as Error).message}`);
          }
          if (!more) {
            b.cancelled = true;
            this.proc.stdin!.write(`${JSON.stringify({ cancel: b.id })}\n`);
          }
        }
        return;
      }
      const p = this.pending;
      this.pending = undefined;
      if (!p) return;
      clearTimeout(p.timer);
      try {
        const msg = JSON.parse(line) as RunResult & { internalError?: string };
        if (msg.internalError) p.reject(new Error(`sandbox supervisor: ${msg.internalError}`));
        else p.resolve(msg);
      } catch (err) {
        p.reject(err as Error);
      }
    });
    this.proc.on('error', (err) => this.fail(err));
    this.proc.on('exit', (code, signal) => {
      const why = new Error(`sandbox supervisor of slot ${this.index} exited (code ${code}, signal ${signal}): ${this.stderrTail.trim()}`);
      this.fail(why);
      readyReject(why);
    });
  }

  private fail(err: Error): void {
    if (!this.dead && !this.closing) this.opts.log(err.message);
    this.dead ??= err;
    const p = this.pending;
    this.pending = undefined;
    if (p) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    const b = this.batch;
    this.batch = undefined;
    if (b) {
      clearTimeout(b.timer);
      b.reject(err);
    }
  }

  async run(req: RunRequest): Promise<RunResult> {
    if (this.dead) throw this.dead;
    await this.ready;
    if (this.pending || this.batch) throw new Error('slot busy');
    return new Promise<RunResult>((resolve, reject) => {
      // A supervisor that does not answer well after the wall-clock cap is broken: kill it.
      const timer = setTimeout(() => {
        this.proc.kill('SIGKILL');
        this.fail(new Error(`sandbox supervisor of slot ${this.index} did not answer`));
      }, req.wallSeconds * 1000 + 15_000);
      this.pending = { resolve, reject, timer };
      this.proc.stdin!.write(`${JSON.stringify({ id: this.nextId++, ...req, stdin: req.stdin ?? null })}\n`);
    });
  }

  /**
   * Runs `items` (each merged over `base`) in order in one request; the supervisor answers per
   * run as it finishes. `onResult` returns false to cancel the rest (the supervisor may already
   * have started the next run; its result is dropped). With `stopOnFailure` the supervisor itself
   * stops after a run that cannot be AC (non-zero exit, signal, limits, CPU over `stopCpuMs`).
   * Resolves once the supervisor has finished the batch; rejects if it died (results delivered
   * so far stand).
   */
  async runBatch(
    base: RunRequest,
    items: Partial<RunRequest>[],
    opts: { stopOnFailure: boolean; stopCpuMs?: number },
    onResult: (k: number, r: RunResult) => boolean,
  ): Promise<void> {
    if (this.dead) throw this.dead;
    await this.ready;
    if (this.pending || this.batch) throw new Error('slot busy');
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      // As for run(): a supervisor silent well past one run's wall-clock cap is broken.
      const timer = setTimeout(() => {
        this.proc.kill('SIGKILL');
        this.fail(new Error(`sandbox supervisor of slot ${this.index} did not answer`));
      }, base.wallSeconds * 1000 + 15_000);
      // Restarted at every answer (refresh() reschedules without a new timer).
      const arm = () => {
        if (this.batch?.id === id) timer.refresh();
      };
      this.batch = { id, onResult, resolve, reject, timer, arm, cancelled: false };
      this.proc.stdin!.write(
        `${JSON.stringify({ id, base: { ...base, stdin: base.stdin ?? null }, batch: items, stopOnFailure: opts.stopOnFailure, stopCpuMs: opts.stopCpuMs ?? null })}\n`,
      );
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const exited = new Promise((res) => this.proc.once('exit', res));
    this.proc.stdin!.end();
    const t = setTimeout(() => this.proc.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(t);
  }
}
