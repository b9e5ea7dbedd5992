import { describe, expect, it } from 'vitest';
import { formatDuration, formatProgress, jobDurationMs, progressFraction } from './job-format';

describe('formatDuration', () => {
  it('is short at every scale', () => {
    expect(formatDuration(0)).toBe('0.0 s');
    expect(formatDuration(420)).toBe('0.4 s');
    expect(formatDuration(9_949)).toBe('9.9 s');
    expect(formatDuration(12_300)).toBe('12 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(2 * 3600_000 + 7 * 60_000 + 59_000)).toBe('2 h 07 min');
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('jobDurationMs', () => {
  const t0 = '2026-01-01T00:00:00.000Z';
  const now = Date.parse(t0) + 5_000;
  it('runs until now while running, until the finish once finished, and is null before the start', () => {
    expect(jobDurationMs({ startedAt: null, finishedAt: null, state: 'QUEUED' }, now)).toBeNull();
    expect(jobDurationMs({ startedAt: t0, finishedAt: null, state: 'RUNNING' }, now)).toBe(5_000);
    expect(jobDurationMs({ startedAt: t0, finishedAt: '2026-01-01T00:00:01.500Z', state: 'SUCCEEDED' }, now)).toBe(1_500);
  });
});

describe('progress', () => {
  it('is done / total, clamped, and complete for a finished step without counted work', () => {
    expect(progressFraction({ progressDone: 1, progressTotal: 4, state: 'RUNNING' })).toBe(0.25);
    expect(progressFraction({ progressDone: 5, progressTotal: 4, state: 'RUNNING' })).toBe(1);
    expect(progressFraction({ progressDone: 0, progressTotal: 0, state: 'SUCCEEDED' })).toBe(1);
    expect(progressFraction({ progressDone: 0, progressTotal: 0, state: 'QUEUED' })).toBe(0);
    expect(formatProgress({ progressDone: 120, progressTotal: 480, state: 'RUNNING' })).toBe('120 / 480 (25%)');
    expect(formatProgress({ progressDone: 0, progressTotal: 0, state: 'QUEUED' })).toBe('—');
  });
});
