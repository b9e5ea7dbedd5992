import { lineAlpha } from '../checkpoint-role';
import { cellIndex, type StudyData } from '../study-data';

// What refinement reads: per evaluated alpha, per problem, the judged samples and how they ended.
// One inference setting and one model scale at a time, because pass@k along alpha is one curve
// only within them: the caller filters the study's data by setting, and a scale is chosen here.

export interface AlphaPoint {
  alpha: number;
  /** Per problem (the same problems in the same order for every point): judged samples, -1 or 0 when none. */
  n: ArrayLike<number>;
  solved: ArrayLike<number>;
  /** Samples that failed on correctness (WA, RE, CE, OLE) and on optimization (TLE, MLE). */
  correctness: ArrayLike<number>;
  optimization: ArrayLike<number>;
}

export type AlphaPoints = { ok: true; points: AlphaPoint[]; scale: string | null } | { ok: false; message: string };

/**
 * The study's evaluated alphas as refinement input. Checkpoints at the same alpha (two runs of one
 * merge) are pooled; the initialisation and checkpoints without an alpha are not on the line.
 * With several model scales in the data, `scale` must name one.
 */
export function alphaPointsOf(data: StudyData, scale?: string): AlphaPoints {
  const scales = [...new Set(data.checkpoints.map((c) => c.scale))].sort();
  if (scale !== undefined && !scales.includes(scale))
    return {
      ok: false,
      message: `no checkpoint of scale ${JSON.stringify(scale)}: the scales are ${scales.map((s) => JSON.stringify(s)).join(', ') || 'none'}`,
    };
  if (scale === undefined && scales.length > 1)
    return {
      ok: false,
      message: `the study has ${scales.length} model scales (${scales.join(', ')}): choose one, since pass@k along alpha is one curve per scale`,
    };
  const chosen = scale ?? scales[0] ?? null;
  const problems = data.problems.length;
  const byAlpha = new Map<
    number,
    AlphaPoint & { n: Float64Array; solved: Float64Array; correctness: Float64Array; optimization: Float64Array }
  >();
  const { n, solved, wa, re, ce, ole, tle, mle } = data.counts;
  data.checkpoints.forEach((c, ci) => {
    const alpha = lineAlpha(c.role, c.alpha);
    if (alpha === null || c.role === 'INIT' || c.scale !== chosen) return;
    let point = byAlpha.get(alpha);
    if (!point) {
      point = {
        alpha,
        n: new Float64Array(problems),
        solved: new Float64Array(problems),
        correctness: new Float64Array(problems),
        optimization: new Float64Array(problems),
      };
      byAlpha.set(alpha, point);
    }
    for (let p = 0; p < problems; p++) {
      const i = cellIndex(data, ci, p);
      if (n[i]! <= 0) continue;
      point.n[p]! += n[i]!;
      point.solved[p]! += solved[i]!;
      point.correctness[p]! += wa[i]! + re[i]! + ce[i]! + ole[i]!;
      point.optimization[p]! += tle[i]! + mle[i]!;
    }
  });
  const points = [...byAlpha.values()].filter((p) => p.n.some((v) => v > 0)).sort((a, b) => a.alpha - b.alpha);
  return { ok: true, points, scale: chosen };
}
