import { describe, expect, it } from 'vitest';
import { describeExit, EXIT_CANNOT_RUN_HERE, Supervisor, type Exit, type Run, type Service } from './supervisor';

const FAST = { firstDelayMs: 10, maxDelayMs: 40, maxRestarts: 3, windowMs: 60_000 };

/** A service whose runs end when the test says so; `starts` counts its starts, `stops` its stop() calls. */
function fakeService(opts: { failStart?: (n: number) => boolean } = {}) {
  const runs: Array<{ end(exit: Exit): void; stopped: boolean }> = [];
  const service: Service & { runs: typeof runs } = {
    name: 'worker',
    output: 'above',
    runs,
    async start(): Promise<Run> {
      if (opts.failStart?.(runs.length + 1)) {
        runs.push({ end: () => {}, stopped: false });
        throw new Error('port in use');
      }
      let end!: (exit: Exit) => void;
      const exited = new Promise<Exit>((resolve) => (end = resolve));
      const run = { end, stopped: false };
      runs.push(run);
      return {
        exited,
        stop: async () => {
          run.stopped = true;
          end({ code: null, signal: 'SIGTERM' });
        },
      };
    },
  };
  return service;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe('Supervisor', () => {
  it('restarts a run that ended, logging why, with a growing delay', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor((l) => lines.push(l), FAST);
    const service = fakeService();
    await supervisor.start(service);
    service.runs[0]!.end({ code: null, signal: 'SIGKILL' });
    await until(() => service.runs.length === 2);
    service.runs[1]!.end({ code: 1, signal: null });
    await until(() => service.runs.length === 3);
    expect(lines).toEqual([
      'worker was killed by SIGKILL; restarting in 0 s (restart 1 of 3)',
      'worker exited with code 1; restarting in 0 s (restart 2 of 3)',
    ]);
    await supervisor.stop();
    expect(service.runs[2]!.stopped).toBe(true);
  });

  it('leaves down a run that cannot run here, saying so, without giving up on the rest', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor((l) => lines.push(l), FAST);
    const service = fakeService();
    let gaveUp = false;
    void supervisor.gaveUp.then(() => (gaveUp = true));
    await supervisor.start(service);
    service.runs[0]!.end({ code: EXIT_CANNOT_RUN_HERE, signal: null });
    await until(() => lines.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(service.runs).toHaveLength(1);
    expect(gaveUp).toBe(false);
    expect(lines).toEqual([
      'worker cannot run on this machine as configured (see its message above): not restarted; the rest keeps running',
    ]);
    await supervisor.stop();
  });

  it('gives up past the limit, naming the service and where its output is', async () => {
    const supervisor = new Supervisor(() => {}, FAST);
    const service = fakeService({ failStart: (n) => n > 1 });
    await supervisor.start(service);
    service.runs[0]!.end({ code: 3, signal: null });
    expect(await supervisor.gaveUp).toBe(
      'worker could not start (port in use) and kept failing (3 restarts within 1 min); its output is above',
    );
    expect(service.runs).toHaveLength(4); // the first run and 3 restarts
    await supervisor.stop();
  });

  it('throws when the first start fails, and supervises nothing', async () => {
    const supervisor = new Supervisor(() => {}, FAST);
    await expect(supervisor.start(fakeService({ failStart: () => true }))).rejects.toThrow('port in use');
    await supervisor.stop();
  });

  it('stops every run and restarts nothing once stopping, even during a backoff', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor((l) => lines.push(l), { ...FAST, firstDelayMs: 60_000, maxDelayMs: 60_000 });
    const [a, b] = [fakeService(), fakeService()];
    await supervisor.start(a);
    await supervisor.start(b);
    a.runs[0]!.end({ code: 1, signal: null }); // a waits a minute before its restart
    await until(() => lines.length === 1);
    const t0 = Date.now();
    await supervisor.stop();
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(a.runs).toHaveLength(1);
    expect(b.runs[0]!.stopped).toBe(true);
  });

  it('describes each way a run ends', () => {
    expect(describeExit({ code: 0, signal: null })).toBe('exited with code 0');
    expect(describeExit({ code: null, signal: 'SIGSEGV' })).toBe('was killed by SIGSEGV');
    expect(describeExit({ code: null, signal: null })).toBe('exited');
    expect(describeExit({ code: null, signal: null, error: 'spawn next ENOENT' })).toBe(
      'could not start (spawn next ENOENT)',
    );
  });
});
