import { describe, expect, it } from 'vitest';
import { tickFormatStops } from '../plots/axis-ticks';
import { frontierFigure } from './frontier-figure';
import { buildSeries } from './frontier-model';
import { parabolaStudy } from './suggest-fixture';

interface Trace {
  name?: string;
  mode?: string;
  x: (number | null)[];
  y: (number | null)[];
  text?: unknown;
  fill?: string;
  error_x?: { array: number[] };
  error_y?: { array: number[] };
  marker?: { symbol?: string | string[] };
}

const [series] = buildSeries([{ setting: null, data: parabolaStudy([-0.5, 0, 0.25, 0.5, 0.75, 1, 1.5]) }], {
  replicates: 300,
});
const traces = (fig: ReturnType<typeof frontierFigure>) => fig.data as unknown as Trace[];
const points = (fig: ReturnType<typeof frontierFigure>) => traces(fig).find((t) => t.name?.endsWith('checkpoints'))!;

describe('the frontier figure', () => {
  it('draws error bars by default, and no text on the plot that could cover a point', () => {
    const fig = frontierFigure([series!], { log: false });
    expect(points(fig).error_x!.array).toHaveLength(7);
    expect(points(fig).error_y!.array).toHaveLength(7);
    expect(traces(fig).some((t) => t.fill === 'toself')).toBe(false);
    for (const t of traces(fig)) {
      expect(t.mode ?? '').not.toContain('text');
      expect(t.text).toBeUndefined();
    }
    expect(fig.layout.annotations ?? []).toEqual([]);
  });

  it('names the endpoints by symbol in the legend, with legend entries that plot no point', () => {
    const fig = frontierFigure([series!], { log: false });
    const legend = traces(fig).filter((t) => t.name?.includes('endpoint ('));
    for (const t of legend) expect([...t.x, ...t.y]).toEqual([null, null]);
    expect(legend.map((t) => [t.name, t.marker!.symbol, t.x.length])).toEqual([
      ['LOW endpoint (low-coverage reward)', 'diamond', 1],
      ['HIGH endpoint (high-coverage reward)', 'square', 1],
    ]);
    const symbols = points(fig).marker!.symbol as string[];
    expect(symbols[series!.points.findIndex((p) => p.role === 'LOW')]).toBe('diamond');
    expect(symbols[series!.points.findIndex((p) => p.role === 'HIGH')]).toBe('square');
    expect(symbols.filter((s) => s === 'circle')).toHaveLength(5);
  });

  it('draws one closed 95% ellipse per checkpoint around its point instead of bars', () => {
    const fig = frontierFigure([series!], { log: false, intervals: 'ellipses' });
    expect(points(fig).error_x).toBeUndefined();
    const ellipses = traces(fig).find((t) => t.fill === 'toself')!;
    expect(ellipses.name).toBe('95% confidence ellipses');
    const polygons: { x: number[]; y: number[] }[] = [];
    let current = { x: [] as number[], y: [] as number[] };
    ellipses.x.forEach((x, i) => {
      if (x === null) {
        polygons.push(current);
        current = { x: [], y: [] };
      } else {
        current.x.push(x);
        current.y.push(ellipses.y[i]!);
      }
    });
    expect(polygons).toHaveLength(7);
    polygons.forEach((poly, i) => {
      const p = series!.points[i]!;
      expect([poly.x[0], poly.y[0]]).toEqual([poly.x.at(-1), poly.y.at(-1)]);
      // Symmetric about the point: the mean of the vertices (first one once) is the point.
      const mean = (v: number[]) => v.slice(1).reduce((a, b) => a + b, 0) / (v.length - 1);
      expect(mean(poly.x)).toBeCloseTo(p.correctness.estimate, 10);
      expect(mean(poly.y)).toBeCloseTo(p.optimization.estimate, 10);
      // As wide as about the bootstrap interval: sqrt(5.99) sd vs 1.96 sd each side.
      const half = (Math.max(...poly.x) - Math.min(...poly.x)) / 2;
      const ci = (p.correctness.hi - p.correctness.lo) / 2;
      expect(half / ci).toBeGreaterThan(1);
      expect(half / ci).toBeLessThan(1.6);
    });
  });

  it('shows neither bars nor ellipses when intervals are hidden', () => {
    const fig = frontierFigure([series!], { log: false, intervals: 'none' });
    expect(points(fig).error_x).toBeUndefined();
    expect(traces(fig).some((t) => t.fill === 'toself')).toBe(false);
  });

  it('labels linear axes with the precision of their step, log axes with 1-2-5 ticks inside the data', () => {
    const linear = frontierFigure([series!], { log: false });
    expect(linear.layout.xaxis!.tickformatstops).toEqual(tickFormatStops('percent'));
    expect(linear.layout.xaxis!.tickformat).toBeUndefined();
    const log = frontierFigure([series!], { log: true });
    const ticks = log.layout.yaxis!.tickvals as number[];
    const text = log.layout.yaxis!.ticktext as string[];
    expect(new Set(text).size).toBe(text.length);
    const ys = series!.points.map((p) => p.optimization.estimate);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...ticks)).toBeLessThanOrEqual(Math.max(...ys));
    for (const [i, v] of ticks.entries()) expect(Number(text[i]!.replace('%', '')) / 100).toBeCloseTo(v, 12);
  });
});
