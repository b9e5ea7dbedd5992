import { DEFAULT_RESTART_POLICY, planRestart, type RestartPolicy } from './restart-policy';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the run could not be started at all. */
  error?: string;
}

/** One run of a service: a process from its start to its exit. */
export interface Run {
  exited: Promise<Exit>;
  /** Ends the run and resolves once it has ended. */
  stop(): Promise<void>;
}

export interface Service<R extends Run = Run> {
  /** As log lines name it: "worker", "the embedded Postgres". */
  name: string;
  /** Where its output goes, completing "its output is …" when it keeps failing. */
  output: string;
  start(): Promise<R>;
}

/**
 * The exit status of a child that cannot run on this machine as configured (sysexits' EX_CONFIG),
 * e.g. a worker whose judge sandbox is unavailable: restarting it would only fail again, so it
 * stays down with its message and the other services keep running.
 */
export const EXIT_CANNOT_RUN_HERE = 78;

export function describeExit(exit: Exit): string {
  if (exit.error !== undefined) return `could not start (${exit.error})`;
  if (exit.signal) return `was killed by ${exit.signal}`;
  return exit.code === null ? 'exited' : `exited with code ${exit.code}`;
}

const duration = (ms: number) =>
  ms >= 60_000 ? `${Math.round(ms / 6_000) / 10} min` : `${Math.round(ms / 100) / 10} s`;

// Keeps services running: one that ends on its own is started again after a backoff, until it
// fails too often (see restart-policy.ts); then `gaveUp` resolves with a message saying which
// one and where its output is. Nothing is restarted once `stop()` was called.
export class Supervisor {
  /** Resolves, with the reason, when a service kept failing and is no longer restarted. */
  readonly gaveUp: Promise<string>;
  private giveUp!: (message: string) => void;
  private readonly stopRequested: Promise<undefined>;
  private requestStop!: () => void;
  private stopping = false;
  private readonly loops: Promise<void>[] = [];

  constructor(
    private readonly log: (line: string) => void,
    private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY,
  ) {
    this.gaveUp = new Promise((resolve) => (this.giveUp = resolve));
    this.stopRequested = new Promise((resolve) => (this.requestStop = () => resolve(undefined)));
  }

  /** Starts `service` and keeps it running. A first start that fails throws: that is the caller's to report. */
  async start<R extends Run>(service: Service<R>): Promise<R> {
    const run = await service.start();
    this.loops.push(this.keepRunning(service, run));
    return run;
  }

  /** Stops every service (each run's own stop(): signals and grace periods) and waits for them. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.requestStop();
    await Promise.all(this.loops);
  }

  private async keepRunning(service: Service, first: Run): Promise<void> {
    let run: Run | undefined = first;
    let exit: Exit = { code: null, signal: null };
    let history: number[] = [];
    for (;;) {
      if (run) exit = (await Promise.race([run.exited, this.stopRequested])) ?? exit;
      if (this.stopping) return run?.stop();
      if (exit.code === EXIT_CANNOT_RUN_HERE) {
        this.log(
          `${service.name} cannot run on this machine as configured (see its message above): not restarted; the rest keeps running`,
        );
        return;
      }
      const plan = planRestart(history, Date.now(), this.policy);
      if (plan.giveUp) {
        this.giveUp(
          `${service.name} ${describeExit(exit)} and kept failing (${plan.restarts} restarts within ${duration(this.policy.windowMs)}); its output is ${service.output}`,
        );
        return;
      }
      history = plan.history;
      this.log(
        `${service.name} ${describeExit(exit)}; restarting in ${duration(plan.delayMs)} (restart ${plan.restart} of ${this.policy.maxRestarts})`,
      );
      if (await this.stoppedWithin(plan.delayMs)) return;
      run = await service.start().catch((err: Error) => {
        exit = { code: null, signal: null, error: err.message };
        return undefined;
      });
    }
  }

  /** Waits `ms`, or less when a stop is requested meanwhile (then true). */
  private async stoppedWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const slept = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const stopped = await Promise.race([slept, this.stopRequested.then(() => true)]);
    clearTimeout(timer);
    return stopped;
  }
}
