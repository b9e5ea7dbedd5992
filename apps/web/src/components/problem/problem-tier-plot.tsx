'use client';

import { plural, problemTierShares } from '@frontier/core';
import { useMemo, useRef } from 'react';
import { ExportButtons } from '@/components/export-buttons';
import { PlotlyChart } from '@/components/plotly-chart';
import { tierFigure, type TierPoint } from '@/lib/frontier/tier-figure';
import type { ProblemCheckpointCounts } from '@/lib/problem/problem-types';

/** The checkpoints on the alpha line with judged samples, of the scale most of them have. */
function tierPoints(checkpoints: readonly ProblemCheckpointCounts[]): {
  points: TierPoint[];
  k: number;
  scale: string;
} {
  const on = checkpoints.filter((c) => c.alpha !== null && c.n > 0);
  const counts = new Map<string, number>();
  for (const c of on) counts.set(c.scale, (counts.get(c.scale) ?? 0) + 1);
  const scale = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const mine = on.filter((c) => c.scale === scale);
  const k = Math.max(0, ...mine.map((c) => Math.max(c.failTierCorrectness.length, c.failTierOptimization.length)));
  const points = mine.map((c) => ({
    alpha: c.alpha!,
    name: c.name,
    failTiers: problemTierShares(
      { n: c.n, solved: c.solved, correctness: c.failTierCorrectness, optimization: c.failTierOptimization },
      k,
    ),
  }));
  return { points, k, scale: counts.size > 1 ? scale : '' };
}

/** One problem's failure tiers along alpha (the Frontier tab's plot, for this problem alone). */
export function ProblemTierPlot({ checkpoints, base }: { checkpoints: ProblemCheckpointCounts[]; base: string }) {
  const plotRef = useRef<HTMLDivElement>(null);
  const { points, k, scale } = useMemo(() => tierPoints(checkpoints), [checkpoints]);
  const fig = useMemo(() => tierFigure(points, k), [points, k]);
  if (k === 0 || points.length === 0)
    return <p className="muted small">No failing sample of this problem has per-test results: no tiers to show.</p>;
  return (
    <>
      <div className="card-head">
        <h3>Where its programs first fail, along alpha{scale ? ` (${scale})` : ''}</h3>
        <ExportButtons
          plot={() => plotRef.current}
          filename={`${base}-fail-tiers`}
          csv={() => ({
            header: ['alpha', 'checkpoint', 'class', 'tier', 'share', 'share_lo', 'share_hi'],
            rows: points.flatMap((p) =>
              (['correctness', 'optimization'] as const).flatMap((key) =>
                p.failTiers[key].map((i, t) => [p.alpha, p.name, key, t + 1, i.estimate, i.lo, i.hi]),
              ),
            ),
          })}
        />
      </div>
      <div ref={plotRef}>
        <PlotlyChart
          testId="problem-fail-tier-plot"
          points={fig.plotted}
          data={fig.data}
          layout={fig.layout}
          label={`This problem's share of samples whose first failing test is in each of ${plural(k, 'tier')}, by failure class, against alpha`}
        />
      </div>
      <p className="muted small" data-testid="problem-fail-tier-definition">
        Each line: the share of this problem&apos;s judged samples at that alpha whose first failing test is in the
        tier, correctness failures left, optimization failures right; bars are 95% Wilson intervals. Tier 1 has the
        smallest inputs.
      </p>
    </>
  );
}
