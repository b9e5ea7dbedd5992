import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { LCB_PRELUDE } from '../lcb';
import type { NamespaceScope } from '../types';
import type { SlotSandbox } from './backend';
import type { RunRequest, RunResult, SandboxSlot } from './types';

export interface ZygoteSlotOptions {
  index: number;
  python: string;
  /** Arguments of `python` that start runtime/zygote.py (see zygoteCommand); the config follows. */
  zygoteArgs: string[];
  sandbox: SlotSandbox;
  roots: { work: string; cache: string };
  reaper: string;
  /** native/supervisor.c built as a shared library. */
  native: string;
  /** native/template.c built as a shared library. */
  templateNative: string;
  /** Credentials of the programs (cgroup backends; rootless keeps the user namespace's only user). */
  uid: number;
  gid: number;
  namespaceScope: NamespaceScope;
  /** Pin the supervisor (and so its tests) to one CPU: the index-th of those allowed, modulo. */
  pin: boolean;
  /** Top-level directories to hide; default every one but the system directories. */
  hide?: string[];
  log: (message: string) => void;
}

/** A request sent to the supervisor and not yet answered in full. */
interface Outstanding {
  wallSeconds: number;
  /** A single run's answer, or a batch's 'done' line (after its per-run lines). */
  finish: (msg: Answer) => void;
  /** A batch's per-run answer. */
  result?: (msg: Answer) => void;
  reject: (e: Error) => void;
}

type Answer = RunResult & { id?: number; internalError?: string; k?: number; done?: number };

/**
 * One worker slot backed by a pre-started Python supervisor (runtime/zygote.py), which has its
 * template process (runtime/template.py) fork a sandboxed process per run. Requests (a single run, or a batch of runs answered run by run) run
 * one at a time, in the order sent; up to `PIPELINE` may be outstanding, so that the supervisor
 * starts the next one as soon as it finishes one instead of waiting for Node to pick it and send
 * it (answers carry their request's id).
 */
export class ZygoteSlot implements SandboxSlot {
  /** Requests a slot takes at a time: the one running and the next, queued in the supervisor. */
  static readonly PIPELINE = 2;
  readonly index: number;
  private proc!: ChildProcess;
  /** Outstanding requests by id, in the order sent (the supervisor serves them in that order). */
  private readonly queue = new Map<number, Outstanding>();
  /** Watchdog of the request at the head of the queue (the one the supervisor is running). */
  private timer: NodeJS.Timeout | undefined;
  private timedId = 0;
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
      // In its own user namespace the supervisor is root only there: programs keep its one user.
      uid: o.sandbox.userNamespace ? -1 : o.uid,
      gid: o.sandbox.userNamespace ? -1 : o.gid,
      userNamespace: o.sandbox.userNamespace,
      roots: { work: o.roots.work, cache: o.roots.cache },
      backend: o.sandbox.backend,
      cgroup: o.sandbox.cgroup,
      reaper: o.reaper,
      native: o.native,
      templateNative: o.templateNative,
      namespaceScope: o.namespaceScope,
      pin: o.pin ? o.index : null,
      hide: o.hide ?? null,
      // Run once by the template before it forks any test (runtime/template.py, Prelude): tests
      // find its modules imported, and LiveCodeBench's programs, which start with it, its names.
      preload: LCB_PRELUDE,
    };
    // The environment is scrubbed here: the supervisor passes it on to the template, whose memory
    // (initial environment block included) every forked test inherits, so nothing of the host's
    // may be in it.
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
      let msg: Answer;
      try {
        msg = JSON.parse(line);
      } catch (err) {
        // The protocol is broken: nothing after this can be matched to its request.
        this.proc.kill('SIGKILL');
        this.fail(new Error(`sandbox supervisor of slot ${this.index} sent a bad line: ${(err as Error).message}`));
        return;
      }
      const r = msg.id === undefined ? undefined : this.queue.get(msg.id);
      if (!r) return; // never expected: every answer names an outstanding request
      if (r.result && msg.done === undefined) {
        this.timer?.refresh();
        r.result(msg);
        return;
      }
      this.queue.delete(msg.id!);
      this.watch();
      r.finish(msg);
    });
    this.proc.on('error', (err) => this.fail(err));
    this.proc.on('exit', (code, signal) => {
      const why = new Error(
        `sandbox supervisor of slot ${this.index} exited (code ${code}, signal ${signal}): ${this.stderrTail.trim()}`,
      );
      this.fail(why);
      readyReject(why);
    });
  }

  /**
   * (Re)arms the watchdog for the request at the head of the queue, the one the supervisor is
   * running: a supervisor that does not answer well after one run's wall-clock cap is broken.
   * Refreshed at every answer of a batch.
   */
  private watch(): void {
    const head = this.queue.entries().next();
    if (head.done) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.timedId = 0;
      return;
    }
    const [id, r] = head.value;
    if (id === this.timedId) return;
    clearTimeout(this.timer);
    this.timedId = id;
    this.timer = setTimeout(
      () => {
        this.proc.kill('SIGKILL');
        this.fail(new Error(`sandbox supervisor of slot ${this.index} did not answer`));
      },
      r.wallSeconds * 1000 + 15_000,
    );
  }

  private fail(err: Error): void {
    if (!this.dead && !this.closing) this.opts.log(err.message);
    this.dead ??= err;
    clearTimeout(this.timer);
    this.timer = undefined;
    const all = [...this.queue.values()];
    this.queue.clear();
    for (const r of all) r.reject(err);
  }

  private send(id: number, r: Outstanding, request: object): void {
    if (this.dead) throw this.dead;
    if (this.queue.size >= ZygoteSlot.PIPELINE) throw new Error('slot busy');
    this.queue.set(id, r);
    this.watch();
    this.proc.stdin!.write(`${JSON.stringify(request)}\n`);
  }

  async run(req: RunRequest): Promise<RunResult> {
    if (this.dead) throw this.dead;
    await this.ready;
    const id = this.nextId++;
    return new Promise<RunResult>((resolve, reject) => {
      const finish = (msg: Answer) => {
        if (msg.internalError) reject(new Error(`sandbox supervisor: ${msg.internalError}`));
        else resolve(msg);
      };
      this.send(id, { wallSeconds: req.wallSeconds, finish, reject }, { id, ...req, stdin: req.stdin ?? null });
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
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      let cancelled = false;
      let error: Error | undefined;
      const result = (msg: Answer) => {
        if (msg.internalError) {
          error = new Error(`sandbox supervisor: ${msg.internalError}`); // its 'done' line follows
          return;
        }
        if (cancelled) return;
        let more = false;
        try {
          more = onResult(msg.k!, msg);
        } catch (err) {
          this.opts.log(`batch result handler failed: ${(err as Error).message}`);
        }
        if (!more) {
          cancelled = true;
          this.proc.stdin!.write(`${JSON.stringify({ cancel: id })}\n`);
        }
      };
      const finish = () => (error ? reject(error) : resolve());
      this.send(
        id,
        { wallSeconds: base.wallSeconds, finish, result, reject },
        {
          id,
          base: { ...base, stdin: base.stdin ?? null },
          batch: items,
          stopOnFailure: opts.stopOnFailure,
          stopCpuMs: opts.stopCpuMs ?? null,
        },
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
