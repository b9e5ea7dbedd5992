import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  it('never lets more than `limit` tasks run at once, and runs them all', async () => {
    const sem = new Semaphore(3);
    let running = 0;
    let peak = 0;
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sem.run(async () => {
          peak = Math.max(peak, ++running);
          await new Promise((r) => setTimeout(r, 1 + (i % 3)));
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(done).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('releases the permit when the task throws', async () => {
    const sem = new Semaphore(1);
    await expect(sem.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(sem.run(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it('drops a waiter whose signal aborts, without losing the permit', async () => {
    const sem = new Semaphore(1);
    await sem.acquire();
    const ctrl = new AbortController();
    const waiting = sem.acquire(ctrl.signal);
    ctrl.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    sem.release();
    await expect(sem.run(() => Promise.resolve(1))).resolves.toBe(1);
  });

  it('rejects a bad limit', () => {
    expect(() => new Semaphore(0)).toThrow(/positive integer/);
  });
});
