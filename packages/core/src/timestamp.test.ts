import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './timestamp';

describe('formatTimestamp', () => {
  it('writes the UTC date and minute with the zone, whatever the input type', () => {
    const iso = '2026-12-07T16:38:18.512Z';
    expect(formatTimestamp(iso)).toBe('2026-12-07 16:38 UTC');
    expect(formatTimestamp(new Date(iso))).toBe('2026-12-07 16:38 UTC');
    expect(formatTimestamp(Date.parse(iso))).toBe('2026-12-07 16:38 UTC');
  });
  it('converts an offset to UTC and pads every field', () => {
    expect(formatTimestamp('2027-01-02T01:05:00+02:00')).toBe('2027-01-01 23:05 UTC');
    expect(formatTimestamp('0999-03-04T05:06:07Z')).toBe('0999-03-04 05:06 UTC');
  });
  it('does not depend on the process time zone', () => {
    // Core has no Node types (it runs in browsers too); the test runner is Node, where setting TZ takes effect at once.
    const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
    const before = env.TZ;
    env.TZ = 'America/Los_Angeles';
    try {
      expect(new Date('2026-12-07T16:38:18Z').getHours()).toBe(8);
      expect(formatTimestamp('2026-12-07T16:38:18Z')).toBe('2026-12-07 16:38 UTC');
    } finally {
      if (before === undefined) delete env.TZ;
      else env.TZ = before;
    }
  });
  it('says nothing false for an invalid time', () => {
    expect(formatTimestamp('not a date')).toBe('—');
    expect(formatTimestamp(Number.NaN)).toBe('—');
  });
});
