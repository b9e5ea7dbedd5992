import {
  cellIndex,
  type Covariance2,
  DEFAULT_ENDPOINTS,
  failTierShares,
  type TierCounts,
  type TierShares,
  paretoIndices,
  passAtK,
  passHatK,
  rateIntervals,
  type EndpointAlphas,
  type Interval,
  type ProblemOutcomeCounts,
  type CheckpointRole,
  type StudyData,
} from '@frontier/core';

// Everything the Frontier tab draws, computed once per filter change from the columnar study
// data: per series (one inference setting x one model scale), every checkpoint on the alpha line
// with its rates, paired bootstrap intervals, verdict shares and Pareto flag. An alpha step then
// only looks numbers up (and computes pass@k over one checkpoint's problems).

export const BREAKDOWN_VERDICTS = ['WA', 'RE', 'CE', 'OLE', 'TLE', 'MLE'] as const;
export type BreakdownVerdict = (typeof BREAKDOWN_VERDICTS)[number];
const FIELD: Record<BreakdownVerdict, 'wa' | 're' | 'ce' | 'ole' | 'tle' | 'mle'> = {
  WA: 'wa',
  RE: 're',
  CE: 'ce',
  OLE: 'ole',
  TLE: 'tle',
  MLE: 'mle',
};

export interface SeriesPoint {
  checkpointId: number;
  name: string;
  role: CheckpointRole;
  alpha: number;
  scale: string;
  solve: Interval;
  correctness: Interval;
  optimization: Interval;
  /** Covariance of the (correctness, optimization) bootstrap replicates: the confidence ellipse. */
  failureCovariance: Covariance2;
  /** Means over problems of per-problem fractions: solved + every verdict's share = 1. */
  shares: Record<'solved' | BreakdownVerdict, number>;
  /** Problems with at least one judged sample. */
  problems: number;
  /** Judged samples. */
  n: number;
  /** The fewest judged samples of any of its problems: pass@k needs k <= minN. */
  minN: number;
  pareto: boolean;
  /** Per-problem judged samples and solved counts (problems with n > 0 only), for pass@k. */
  perProblem: { n: Int32Array; solved: Int32Array };
  /** Shares of samples by class and first failing tier; null where the data has no tiers. */
  failTiers: TierShares | null;
}

/** A row of the checkpoint table: a point's estimates, without their intervals. */
export interface CheckpointRow {
  checkpointId: number;
  name: string;
  role: CheckpointRole;
  /** Null for a checkpoint that is not on the alpha line (e.g. the initialisation). */
  alpha: number | null;
  scale: string;
  solveRate: number;
  correctnessRate: number;
  optimizationRate: number;
  /** Problems that entered the means (those with at least one judged sample). */
  problems: number;
  /** Judged samples behind the point. */
  n: number;
}

export interface SeriesModel {
  /** Stable id, e.g. "reasoning|7B"; "" parts for a pooled setting or an empty scale. */
  key: string;
  /** null when the data pools every setting (a setting filter picks none and there is one dataset). */
  setting: string | null;
  scale: string;
  label: string;
  endpoints: EndpointAlphas;
  /** Checkpoints with data on the alpha line, in alpha order. */
  points: SeriesPoint[];
  /** Checkpoints on the line in the data without any judged sample under the filters. */
  withoutData: number;
  /** Tiers of the failure tier shares (0: none known). */
  tiers: number;
}

export interface SeriesInput {
  setting: string | null;
  data: StudyData;
}

export interface BuildOptions {
  replicates?: number;
  seed?: number;
}

function seriesLabel(setting: string | null, scale: string, several: { settings: boolean; scales: boolean }): string {
  const parts: string[] = [];
  if (several.settings && setting !== null) parts.push(setting);
  if (several.scales) parts.push(scale === '' ? 'model' : scale);
  return parts.join(' · ') || (setting ?? (scale === '' ? 'model' : scale));
}

/** One series per (dataset's setting, checkpoint scale), each with precomputed numbers. */
export function buildSeries(inputs: readonly SeriesInput[], options: BuildOptions = {}): SeriesModel[] {
  const scales = new Set(inputs.flatMap((i) => i.data.checkpoints.map((c) => c.scale)));
  const several = { settings: inputs.length > 1, scales: scales.size > 1 };
  const out: SeriesModel[] = [];
  for (const { setting, data } of inputs) {
    const byScale = new Map<string, number[]>();
    data.checkpoints.forEach((c, i) => {
      if (c.alpha === null) return;
      byScale.set(c.scale, [...(byScale.get(c.scale) ?? []), i]);
    });
    for (const [scale, indices] of byScale) {
      const model = buildOne(data, setting, scale, indices, options);
      out.push({ ...model, label: seriesLabel(setting, scale, several) });
    }
  }
  return out;
}

function buildOne(
  data: StudyData,
  setting: string | null,
  scale: string,
  indices: number[],
  options: BuildOptions,
): Omit<SeriesModel, 'label'> {
  const P = data.problems.length;
  const { counts } = data;
  const withData = indices.filter((c) => {
    for (let p = 0; p < P; p++) if ((counts.n[cellIndex(data, c, p)] as number) > 0) return true;
    return false;
  });
  // Same problems, same order, for every checkpoint: the bootstrap is paired across them.
  const outcomes: ProblemOutcomeCounts[][] = withData.map((c) =>
    data.problems.map((_, p) => {
      const i = cellIndex(data, c, p);
      const n = counts.n[i] as number;
      if (n <= 0) return { n: 0, solved: 0, counts: {} };
      return {
        n,
        solved: counts.solved[i] as number,
        counts: {
          WA: counts.wa[i],
          TLE: counts.tle[i],
          MLE: counts.mle[i],
          RE: counts.re[i],
          CE: counts.ce[i],
          OLE: counts.ole[i],
        },
      };
    }),
  );
  const bootstrap = { replicates: options.replicates ?? 1000, seed: options.seed ?? 1 };
  const intervals = rateIntervals(outcomes, bootstrap);
  const tiers = data.failTiers?.tiers ?? 0;
  const tierShares = tiers > 0 ? failTierShares(tierCounts(data, withData, outcomes), tiers, bootstrap) : null;
  const points: SeriesPoint[] = withData.map((c, j) => {
    const cp = data.checkpoints[c]!;
    const shareSums = { solved: 0, WA: 0, RE: 0, CE: 0, OLE: 0, TLE: 0, MLE: 0 };
    const ns: number[] = [];
    const solved: number[] = [];
    for (let p = 0; p < P; p++) {
      const i = cellIndex(data, c, p);
      const n = counts.n[i] as number;
      if (n <= 0) continue;
      ns.push(n);
      solved.push(counts.solved[i] as number);
      shareSums.solved += (counts.solved[i] as number) / n;
      for (const v of BREAKDOWN_VERDICTS) shareSums[v] += (counts[FIELD[v]][i] as number) / n;
    }
    const problems = ns.length;
    const shares = Object.fromEntries(
      Object.entries(shareSums).map(([k, s]) => [k, s / problems]),
    ) as SeriesPoint['shares'];
    const iv = intervals[j]!;
    return {
      checkpointId: cp.id,
      name: cp.name,
      role: cp.role,
      alpha: cp.alpha as number,
      scale: cp.scale,
      solve: iv.solveRate,
      correctness: iv.correctnessRate,
      optimization: iv.optimizationRate,
      failureCovariance: iv.failureCovariance,
      shares,
      problems,
      n: ns.reduce((a, b) => a + b, 0),
      minN: Math.min(...ns),
      pareto: false,
      perProblem: { n: Int32Array.from(ns), solved: Int32Array.from(solved) },
      failTiers: tierShares?.[j] ?? null,
    };
  });
  points.sort((a, b) => a.alpha - b.alpha);
  for (const i of paretoIndices(points.map((p) => ({ x: p.correctness.estimate, y: p.optimization.estimate }))))
    points[i]!.pareto = true;
  const endpoints: EndpointAlphas = {
    lo: points.find((p) => p.role === 'LOW')?.alpha ?? DEFAULT_ENDPOINTS.lo,
    hi: points.find((p) => p.role === 'HIGH')?.alpha ?? DEFAULT_ENDPOINTS.hi,
  };
  return {
    key: `${setting ?? ''}|${scale}`,
    setting,
    scale,
    endpoints,
    points,
    withoutData: indices.length - withData.length,
    tiers,
  };
}

/** The failing tiers of the checkpoints' cells, problem by problem as in `outcomes`. */
function tierCounts(data: StudyData, checkpoints: number[], outcomes: ProblemOutcomeCounts[][]): TierCounts[][] {
  const { tiers, correctness, optimization } = data.failTiers!;
  return checkpoints.map((c, j) =>
    data.problems.map((_, p) => {
      const at = cellIndex(data, c, p) * tiers;
      const { n, solved } = outcomes[j]![p]!;
      return {
        n,
        solved,
        correctness: correctness.slice(at, at + tiers),
        optimization: optimization.slice(at, at + tiers),
      };
    }),
  );
}

/** Every evaluated alpha of any series, ascending, without duplicates. */
export function sweepAlphas(series: readonly SeriesModel[]): number[] {
  return [...new Set(series.flatMap((s) => s.points.map((p) => p.alpha)))].sort((a, b) => a - b);
}

/** The evaluated alpha nearest to a requested one (a link may carry a rounded or stale alpha). */
export function nearestAlpha(alphas: readonly number[], wanted: number | undefined, fallback = 1): number | undefined {
  if (alphas.length === 0) return undefined;
  const target = wanted ?? (alphas.includes(fallback) ? fallback : alphas[0]!);
  let best = alphas[0]!;
  for (const a of alphas) if (Math.abs(a - target) < Math.abs(best - target)) best = a;
  return best;
}

export type PassAtK = { defined: true; value: number; problems: number } | { defined: false; reason: string };

/** Mean unbiased pass@k over the checkpoint's problems; undefined (with the reason) when k > some n. */
export function pointPassAtK(point: SeriesPoint, k: number): PassAtK {
  return meanOverProblems(point, k, passAtK, 'pass@k');
}

/** Mean unbiased pass^k (all k samples correct) over the checkpoint's problems; undefined as pass@k is. */
export function pointPassHatK(point: SeriesPoint, k: number): PassAtK {
  return meanOverProblems(point, k, passHatK, 'pass^k');
}

function meanOverProblems(
  point: SeriesPoint,
  k: number,
  estimator: (n: number, c: number, k: number) => number,
  name: string,
): PassAtK {
  if (!Number.isSafeInteger(k) || k < 1) return { defined: false, reason: 'k must be a whole number of at least 1.' };
  if (point.problems === 0) return { defined: false, reason: 'no problem has judged samples.' };
  if (k > point.minN) {
    return {
      defined: false,
      reason: `k = ${k} exceeds the fewest samples of a problem here (n = ${point.minN}); ${name} needs k ≤ n on every problem.`,
    };
  }
  const { n, solved } = point.perProblem;
  let sum = 0;
  for (let i = 0; i < n.length; i++) sum += estimator(n[i]!, solved[i]!, k);
  return { defined: true, value: sum / n.length, problems: n.length };
}
