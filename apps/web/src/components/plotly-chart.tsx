'use client';

import type { Data, Layout } from 'plotly.js';
import { useEffect, useRef, useState } from 'react';
import { loadPlotly, PLOT_CONFIG } from '@/lib/plotly';
import { PlotFrame, type PlotStatus } from './plot-frame';

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
  const [status, setStatus] = useState<PlotStatus>('loading');

  useEffect(() => {
    const el = ref.current;
    let cancelled = false;
    loadPlotly()
      .then(async (Plotly) => {
        if (cancelled || !el) return;
        await Plotly.react(el, data, layout, PLOT_CONFIG);
        if (!cancelled) setStatus('ready');
      })
      .catch((err: unknown) => {
        console.error('chart failed', err);
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [data, layout]);

  useEffect(() => {
    const el = ref.current;
    return () => {
      if (el) void loadPlotly().then((Plotly) => Plotly.purge(el));
    };
  }, []);

  return <PlotFrame testId={testId} points={points} status={status} label={label} plotRef={ref} fallback="the table below has the same numbers" />;
}
