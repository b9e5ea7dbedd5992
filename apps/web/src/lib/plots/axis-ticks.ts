import type { Layout } from 'plotly.js';

// Axis ticks that never repeat a label and carry the precision their range needs. A fixed format
// such as '.0%' writes the ticks of a 1%..4% axis (every 0.5%) as "1%, 2%, 2%, 3%, ...": the
// decimals must follow the tick step, not the data.

export type TickUnit = 'percent' | 'number';

type AxisTicks = Pick<Partial<Layout['xaxis']>, 'tickformatstops' | 'tickmode' | 'tickvals' | 'ticktext'>;

const MAX_DECIMALS = 8;

/** The fewest decimals that write every multiple of `step` exactly (percent: in percentage points). */
export function tickDecimals(step: number, unit: TickUnit): number {
  if (!(step > 0) || !Number.isFinite(step)) throw new RangeError(`tick step must be a positive number, got ${step}`);
  const shown = unit === 'percent' ? step * 100 : step;
  for (let d = 0; d < MAX_DECIMALS; d++) {
    const scaled = shown * 10 ** d;
    if (Math.round(scaled) >= 1 && Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled) return d;
  }
  return MAX_DECIMALS;
}

/** One tick label: a percent is written in percentage points ("1.5%"), never "-0". */
export function formatTick(value: number, unit: TickUnit, decimals: number): string {
  const shown = unit === 'percent' ? value * 100 : value;
  const text = shown.toFixed(decimals);
  const clean = Number(text) === 0 ? text.replace('-', '') : text.replace('-', '−');
  return unit === 'percent' ? `${clean}%` : clean;
}

/** A 1-2-5 step giving about `target` intervals over [min, max], the steps Plotly's own ticks take. */
export function niceStep(min: number, max: number, target = 6): number {
  const span = Math.abs(max - min);
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const rough = span / Math.max(1, target);
  const base = 10 ** Math.floor(Math.log10(rough));
  const m = [1, 2, 5, 10].find((f) => f * base >= rough * (1 - 1e-9)) ?? 10;
  return m * base;
}

/** Ticks at the multiples of a 1-2-5 step inside [min, max], each label with the step's decimals. */
export function linearTicks(
  min: number,
  max: number,
  unit: TickUnit,
  target = 6,
): { values: number[]; labels: string[]; step: number } {
  const [lo, hi] = min <= max ? [min, max] : [max, min];
  const step = niceStep(lo, hi, target);
  const decimals = tickDecimals(step, unit);
  const values: number[] = [];
  for (let i = Math.ceil(lo / step - 1e-9); i * step <= hi + step * 1e-9; i++)
    values.push(Number((i * step).toFixed(12)));
  return { values, labels: values.map((v) => formatTick(v, unit, decimals)), step };
}

/**
 * Plotly `tickformatstops` for an axis whose ticks Plotly places itself (steps of 1, 2 or 5 times a
 * power of ten): at every zoom level the labels carry exactly the decimals the step needs. Each
 * stop's bounds sit between two possible steps, so no step is ever near a bound.
 */
export function tickFormatStops(unit: TickUnit): NonNullable<AxisTicks['tickformatstops']> {
  // A step of {1,2,5} x 10^e needs max(0, -e) decimals (percent: e counted in percentage points).
  const shift = unit === 'percent' ? 2 : 0;
  const stops: NonNullable<AxisTicks['tickformatstops']> = [];
  for (let d = MAX_DECIMALS; d >= 0; d--) {
    const lo = d === MAX_DECIMALS ? null : 0.8 * 10 ** (-d - shift);
    const hi = d === 0 ? null : 0.8 * 10 ** (-d - shift + 1);
    stops.push({ dtickrange: [lo, hi], value: unit === 'percent' ? `.${d}%` : `,.${d}f` });
  }
  return stops;
}

/**
 * Readable log-axis ticks inside [min, max]: 1, 2, 5, 10, 20, 50, ... (1 to 9 per decade when
 * the range is too narrow for three of those, and linear ticks when even that is too coarse),
 * each written with the decimals it needs.
 */
export function logTicks(min: number, max: number, unit: TickUnit): { values: number[]; labels: string[] } {
  if (!(min > 0) || !(max >= min) || !Number.isFinite(max)) return { values: [], labels: [] };
  const within = (mantissas: number[]) => {
    const out: number[] = [];
    for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) {
      for (const m of mantissas) {
        const v = Number((m * 10 ** e).toPrecision(12));
        if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) out.push(v);
      }
    }
    return out;
  };
  let values = within([1, 2, 5]);
  if (values.length < 3) values = within([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  if (values.length < 3) return linearTicks(min, max, unit, 4);
  return { values, labels: values.map((v) => formatTick(v, unit, tickDecimals(v, unit))) };
}

/**
 * Tick settings for a rate or alpha axis: on a linear axis Plotly's own ticks with the precision
 * of their step; on a log axis the 1-2-5 ticks of `extent` (the data's range with room to spare).
 */
export function axisTicks(unit: TickUnit, log = false, extent?: { min: number; max: number }): AxisTicks {
  if (!log) return { tickformatstops: tickFormatStops(unit) };
  const { values, labels } = logTicks(extent?.min ?? 1e-4, extent?.max ?? 1, unit);
  return { tickmode: 'array', tickvals: values, ticktext: labels };
}
