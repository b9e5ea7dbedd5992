import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, sleep } from './retry';

describe('parseRetryAfter', () => {
  it('reads delta-seconds, including fractions', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.05')).toBe(50);
    expect(parseRetryAfter('0')).toBe(0);
  });

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-1')).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt, with jitter in the upper half, up to the cap', () => {
    expect(backoffDelay(0, 100, 10_000, () => 0)).toBe(50);
    expect(backoffDelay(0, 100, 10_000, () => 1)).toBe(100);
    expect(backoffDelay(3, 100, 10_000, () => 0.5)).toBe(600);
    expect(backoffDelay(20, 100, 1_000, () => 1)).toBe(1_000);
  });
});

describe('sleep', () => {
  it('stops early when aborted', async () => {
    const ctrl = new AbortController();
    const started = Date.now();
    const p = sleep(10_000, ctrl.signal);
    ctrl.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
