import { describe, expect, it } from 'vitest';
import { formatDuration, formatProgress, jobDurationMs, progressFraction, queuedByLabel } from './job-format';

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
    expect(jobDurationMs({ startedAt: t0, finishedAt: '2026-01-01T00:00:01.500Z', state: 'SUCCEEDED' }, now)).toBe(
      1_500,
    );
  });
  it('needs no clock for a finished job, so the server can render it', () => {
    expect(jobDurationMs({ startedAt: t0, finishedAt: '2026-01-01T00:00:01.500Z', state: 'SUCCEEDED' }, null)).toBe(
      1_500,
    );
    expect(jobDurationMs({ startedAt: t0, finishedAt: null, state: 'RUNNING' }, null)).toBeNull();
  });
});

describe('queuedByLabel', () => {
  it('names the user, else where the job was queued, else nothing', () => {
    expect(queuedByLabel({ createdBy: 'ada@lab.example', createdByName: 'Ada Lovelace', queuedVia: 'web' })).toBe(
      'Ada Lovelace (ada@lab.example)',
    );
    // A name that is the email itself is not said twice.
    expect(queuedByLabel({ createdBy: 'ada@lab.example', createdByName: 'ada@lab.example', queuedVia: 'web' })).toBe(
      'ada@lab.example',
    );
    expect(queuedByLabel({ createdBy: 'ada@lab.example', createdByName: null, queuedVia: null })).toBe(
      'ada@lab.example',
    );
    expect(queuedByLabel({ createdBy: null, createdByName: null, queuedVia: 'web' })).toBe('local');
    expect(queuedByLabel({ createdBy: null, createdByName: null, queuedVia: 'cli' })).toBe('the CLI');
    expect(queuedByLabel({ createdBy: null, createdByName: null, queuedVia: null })).toBeNull();
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
