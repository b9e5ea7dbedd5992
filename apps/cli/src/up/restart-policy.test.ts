import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RESTART_POLICY, planRestart, type RestartPlan } from './restart-policy';

const MIN = 60_000;

/** Feeds exits at the given times through planRestart, as the supervisor does. */
function exitsAt(times: number[]): RestartPlan[] {
  let history: number[] = [];
  return times.map((now) => {
    const plan = planRestart(history, now);
    if (!plan.giveUp) history = plan.history;
    return plan;
  });
}

describe('restart policy', () => {
  it('doubles the delay from 1 s and caps it at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('allows 5 restarts within 10 minutes and gives up on the 6th exit', () => {
    const plans = exitsAt([0, 1_000, 3_000, 7_000, 15_000, 31_000]);
    expect(plans.slice(0, 5).map((p) => !p.giveUp && [p.restart, p.delayMs])).toEqual([
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
      [4, 8_000],
      [5, 16_000],
    ]);
    expect(plans[5]).toEqual({ giveUp: true, restarts: 5 });
  });

  it('forgets restarts older than the window: a child that ran long enough starts afresh', () => {
    const plans = exitsAt([0, 1_000, 3_000, 7_000, 15_000, 15_000 + 11 * MIN]);
    expect(plans[5]).toMatchObject({ giveUp: false, restart: 1, delayMs: 1_000, history: [15_000 + 11 * MIN] });
  });

  it('counts only the restarts still inside the window', () => {
    // Exits every 3 minutes: at most 4 restarts fall in any 10-minute window, so it never gives up.
    const plans = exitsAt(Array.from({ length: 20 }, (_, i) => i * 3 * MIN));
    expect(plans.every((p) => !p.giveUp)).toBe(true);
    expect(Math.max(...plans.map((p) => (p.giveUp ? 0 : p.restart)))).toBe(4);
  });

  it('has the documented defaults', () => {
    expect(DEFAULT_RESTART_POLICY).toEqual({
      firstDelayMs: 1_000,
      maxDelayMs: 30_000,
      maxRestarts: 5,
      windowMs: 10 * MIN,
    });
  });
});
