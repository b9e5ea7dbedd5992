'use client';

import type { Layout } from 'plotly.js';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { loadPlotly, PLOT_CONFIG } from '@/lib/plotly';
import { PlotFrame, type PlotStatus } from './plot-frame';
import type { PlotlyChartProps } from './plotly-chart';

interface Props extends PlotlyChartProps {
  /** Set to the Plotly graph div once it has been drawn (null before and after). */
  graphRef: RefObject<HTMLDivElement | null>;
  /** Called after every full draw of a new figure. */
  onDrawn?: () => void;
  /** Called after every Plotly draw, including zoom, pan, resize and relayouts. */
  onAfterPlot?: () => void;
  /** An absolutely positioned layer over the chart for marks moved without a Plotly redraw. */
  overlayRef?: RefObject<HTMLDivElement | null>;
}

/**
 * A Plotly chart whose figure is drawn in full (`Plotly.react`) only when `data` or `layout`
 * change. Small, frequent updates (the alpha sweep) go straight to the graph div through
 * `graphRef` with `Plotly.restyle` / `relayout`, without React re-rendering the figure.
 */
export function SweepPlot({ data, layout, testId, label, points, graphRef, onDrawn, onAfterPlot, overlayRef }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<PlotStatus>('loading');
  const drawnRef = useRef(onDrawn);
  const afterPlotRef = useRef(onAfterPlot);

  useEffect(() => {
    drawnRef.current = onDrawn;
    afterPlotRef.current = onAfterPlot;
  }, [onDrawn, onAfterPlot]);

  useEffect(() => {
    const el = ref.current;
    let cancelled = false;
    loadPlotly()
      .then(async (Plotly) => {
        if (cancelled || !el) return;
        await Plotly.react(el, data, layout, PLOT_CONFIG);
        if (cancelled) return;
        // Freeze the ranges Plotly just chose: later shape moves then redraw only the shapes
        // instead of recomputing autorange over every trace ("Autoscale" unfreezes them).
        await Plotly.relayout(el, { 'xaxis.autorange': false, 'yaxis.autorange': false } as Partial<Layout>);
        if (cancelled) return;
        if (!graphRef.current) (el as unknown as { on: (e: string, f: () => void) => void }).on('plotly_afterplot', () => afterPlotRef.current?.());
        graphRef.current = el;
        drawnRef.current?.();
        setStatus('ready');
      })
      .catch((err: unknown) => {
        console.error('chart failed', err);
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [data, layout, graphRef]);

  useEffect(() => {
    const el = ref.current;
    return () => {
      graphRef.current = null;
      if (el) void loadPlotly().then((Plotly) => Plotly.purge(el));
    };
  }, [graphRef]);

  return (
    <PlotFrame testId={testId} points={points} status={status} label={label} plotRef={ref} overlayRef={overlayRef}
      fallback="the numbers above and the CSV download have the same data" />
  );
}
