import { describe, expect, it } from 'vitest';
import { dayNumber, dayText, releaseBins } from './release-histogram';

describe('release histogram', () => {
  it('round-trips days', () => {
    expect(dayText(dayNumber('2024-02-29'))).toBe('2024-02-29');
    expect(dayNumber('1970-01-02')).toBe(1);
  });

  it('bins every problem once, split by the window', () => {
    const days = [
      { day: '2024-01-01', problems: 2 },
      { day: '2024-01-02', problems: 1 },
      { day: '2024-01-10', problems: 4 },
    ];
    const bins = releaseBins(days, { from: '2024-01-02' }, 5);
    expect(bins).toHaveLength(5);
    expect(bins.reduce((n, b) => n + b.inside, 0)).toBe(5);
    expect(bins.reduce((n, b) => n + b.outside, 0)).toBe(2);
    expect(bins[0]).toEqual({ inside: 1, outside: 2 });
    expect(bins[4]).toEqual({ inside: 4, outside: 0 });
  });

  it('uses one bin per day when the span is short', () => {
    expect(releaseBins([{ day: '2024-01-01', problems: 3 }], {}, 40)).toEqual([{ inside: 3, outside: 0 }]);
  });
});
