'use client';

import { plural } from '@frontier/core';
import { useMemo, useRef } from 'react';
import type { SeriesModel } from '@/lib/frontier/frontier-model';
import { seriesTierPoints, tierFigure, tierRows } from '@/lib/frontier/tier-figure';
import { ExportButtons } from './export-buttons';
import { PlotlyChart } from './plotly-chart';

/**
 * Failure tiers along alpha for one series: where the paper's trade-off happens. Shown only
 * where the data has per-test results (tiers); imported verdicts without them have none.
 */
export function FailTierCard({ series, base, several }: { series: SeriesModel; base: string; several: boolean }) {
  const plotRef = useRef<HTMLDivElement>(null);
  const fig = useMemo(() => tierFigure(seriesTierPoints(series), series.tiers), [series]);
  const untiered = useMemo(() => {
    const shares = series.points.flatMap((p) => (p.failTiers ? [p.failTiers.untiered] : []));
    return shares.length ? Math.max(...shares) : 0;
  }, [series]);
  return (
    <section className="card" data-testid="fail-tier-card" data-series={series.key}>
      <div className="card-head">
        <h2>Where programs first fail, along alpha{several ? `: ${series.label}` : ''}</h2>
        <ExportButtons
          plot={() => plotRef.current}
          filename={`${base}-fail-tiers-${series.label}`}
          csv={() => tierRows(series)}
        />
      </div>
      <div ref={plotRef}>
        <PlotlyChart
          testId="fail-tier-plot"
          points={fig.plotted}
          data={fig.data}
          layout={fig.layout}
          label={`Share of samples whose first failing test is in each of ${plural(series.tiers, 'tier')}, correctness and optimization failures apart, against alpha, with 95% intervals`}
        />
      </div>
      <p className="muted small plot-caption" data-testid="fail-tier-definition">
        Each line: the share of all judged samples (mean over problems of each problem&apos;s share) whose first failing
        test is in that tier, correctness failures left, optimization failures right; bars are 95% bootstrap intervals
        (1,000 resamples of the problems, paired across checkpoints, seed 1). Tiers are the benchmark&apos;s coverage
        levels, by input size: tier 1 has the smallest inputs. Solved samples and these shares add up to 100%
        {untiered > 0
          ? `, with the failures judged without per-test results (imported verdicts, up to ${(untiered * 100).toFixed(1)}% of samples at one alpha), which have no tier`
          : ''}
        .
      </p>
    </section>
  );
}
