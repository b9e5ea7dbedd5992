import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  formatTick,
  linearTicks,
  logTicks,
  niceStep,
  tickDecimals,
  tickFormatStops,
  type TickUnit,
} from './axis-ticks';

/** The format Plotly would pick from the stops for a tick step (its rule: min <= dtick <= max, first match). */
function formatFor(dtick: number, unit: TickUnit): string[] {
  return tickFormatStops(unit)
    .filter((stop) => {
      const [lo, hi] = stop.dtickrange!;
      return (lo === null || (lo as number) <= dtick) && (hi === null || dtick <= (hi as number));
    })
    .map((s) => s.value!);
}

describe('linear ticks', () => {
  it('a narrow 1%..4% range reads 1.0%, 1.5%, ..., 4.0%: no label twice, one decimal', () => {
    const t = linearTicks(0.01, 0.04, 'percent');
    expect(t.step).toBeCloseTo(0.005, 12);
    expect(t.labels).toEqual(['1.0%', '1.5%', '2.0%', '2.5%', '3.0%', '3.5%', '4.0%']);
  });
  it('a wide range needs no decimals; a very narrow one needs two', () => {
    expect(linearTicks(0, 0.8, 'percent').labels).toEqual(['0%', '20%', '40%', '60%', '80%']);
    expect(linearTicks(0.2236, 0.2251, 'percent').labels).toEqual(['22.40%', '22.45%', '22.50%']);
    expect(linearTicks(-1, 2, 'number').labels).toEqual(['−1.0', '−0.5', '0.0', '0.5', '1.0', '1.5', '2.0']);
  });
  it('steps are 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0, 1)).toBeCloseTo(0.2, 12);
    expect(niceStep(0.01, 0.04)).toBeCloseTo(0.005, 12);
    expect(niceStep(0, 1000)).toBe(200);
    expect(niceStep(3, 3)).toBe(1);
  });
  it('never repeats a label, for any range', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: 1e-6, max: 10, noNaN: true }),
        (lo, span) => {
          for (const unit of ['percent', 'number'] as const) {
            const { labels, values } = linearTicks(lo, lo + span, unit);
            expect(values.length).toBeGreaterThanOrEqual(2);
            expect(new Set(labels).size).toBe(labels.length);
          }
        },
      ),
    );
  });
});

describe('decimals and labels', () => {
  it('counts the decimals a step needs, in percentage points for rates', () => {
    expect(tickDecimals(0.1, 'percent')).toBe(0);
    expect(tickDecimals(0.005, 'percent')).toBe(1);
    expect(tickDecimals(0.0002, 'percent')).toBe(2);
    expect(tickDecimals(0.25, 'number')).toBe(2);
    expect(tickDecimals(5, 'number')).toBe(0);
    expect(() => tickDecimals(0, 'number')).toThrow(/positive/);
  });
  it('writes minus signs, never "-0"', () => {
    expect(formatTick(-0.0000001, 'percent', 1)).toBe('0.0%');
    expect(formatTick(-0.5, 'number', 1)).toBe('−0.5');
    expect(formatTick(0.015, 'percent', 1)).toBe('1.5%');
  });
});

describe("Plotly's own ticks get the decimals of their step", () => {
  it('exactly one stop matches every possible step, with the step decimals', () => {
    for (const unit of ['percent', 'number'] as const) {
      for (let e = -8; e <= 3; e++) {
        for (const m of [1, 2, 5]) {
          const dtick = m * 10 ** e;
          const d = Math.min(8, tickDecimals(dtick, unit));
          expect(formatFor(dtick, unit), `${unit} step ${dtick}`).toEqual([unit === 'percent' ? `.${d}%` : `,.${d}f`]);
        }
      }
    }
  });
  it('the 1%..4% axis (Plotly steps it by 0.5%) is written with one decimal', () => {
    expect(formatFor(0.005, 'percent')).toEqual(['.1%']);
    expect(formatFor(0.1, 'percent')).toEqual(['.0%']);
  });
});

describe('log ticks', () => {
  it('are 1, 2, 5, 10, 20, 50 ... within the range', () => {
    expect(logTicks(0.004, 0.6, 'percent')).toEqual({
      values: [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5],
      labels: ['0.5%', '1%', '2%', '5%', '10%', '20%', '50%'],
    });
    expect(logTicks(1, 250, 'number').labels).toEqual(['1', '2', '5', '10', '20', '50', '100', '200']);
  });
  it('use every digit of a decade when the range is too narrow for three 1-2-5 ticks', () => {
    expect(logTicks(0.15, 0.45, 'percent').labels).toEqual(['20%', '30%', '40%']);
  });
  it('fall back to evenly spaced ticks within a decade digit', () => {
    expect(logTicks(0.012, 0.019, 'percent')).toMatchObject({ labels: ['1.2%', '1.4%', '1.6%', '1.8%'] });
  });
  it('are empty for a range a log axis cannot show', () => {
    expect(logTicks(0, 1, 'percent').values).toEqual([]);
    expect(logTicks(2, 1, 'number').values).toEqual([]);
  });
  it('become the axis tick array of a log axis; a linear axis keeps Plotly ticks with the stops', () => {
    expect(axisTicks('percent', true, { min: 0.01, max: 0.1 })).toEqual({
      tickmode: 'array',
      tickvals: [0.01, 0.02, 0.05, 0.1],
      ticktext: ['1%', '2%', '5%', '10%'],
    });
    expect(axisTicks('percent')).toEqual({ tickformatstops: tickFormatStops('percent') });
  });
});
