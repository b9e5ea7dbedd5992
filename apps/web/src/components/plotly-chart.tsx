'use client';

import type { Data, Layout } from 'plotly.js';
import { useRef } from 'react';
import { PlotFrame } from './plot-frame';
import { usePlotlyFigure } from './use-plotly-figure';

export interface PlotlyChartProps {
  data: Data[];
  layout: Partial<Layout>;
  testId: string;
  /** What the chart shows, for screen readers. */
  label: string;
  /** Number of data points drawn, exposed as `data-points` for tests and tooling. */
  points: number;
}

/** A Plotly chart. plotly.js (≈1 MB) is loaded on the client only, when a chart first mounts. */
export function PlotlyChart({ data, layout, testId, label, points }: PlotlyChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const status = usePlotlyFigure(ref, data, layout);

  return (
    <PlotFrame
      testId={testId}
      points={points}
      status={status}
      label={label}
      plotRef={ref}
      fallback="the table below has the same numbers"
    />
  );
}
