'use client';

import { useMemo } from 'react';
import type { FrontierPoint } from '@/lib/api-types';
import { frontierFigure } from '@/lib/frontier-figure';
import { solveRateFigure } from '@/lib/solve-rate-figure';
import { PlotlyChart } from './plotly-chart';

export function FrontierChart({ points }: { points: FrontierPoint[] }) {
  const { data, layout } = useMemo(() => frontierFigure(points), [points]);
  return (
    <PlotlyChart
      testId="frontier-plot"
      points={points.length}
      data={data}
      layout={layout}
      label={`Frontier: correctness-failure rate against optimization-failure rate for ${points.length} checkpoints`}
    />
  );
}

export function SolveRateChart({ points }: { points: FrontierPoint[] }) {
  const { data, layout, plotted } = useMemo(() => solveRateFigure(points), [points]);
  return <PlotlyChart testId="solve-rate-plot" points={plotted} data={data} layout={layout} label={`Solve rate against alpha for ${plotted} checkpoints`} />;
}
