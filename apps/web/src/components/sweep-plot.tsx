'use client';

import type { Layout } from 'plotly.js';
import { useEffect, useRef, type RefObject } from 'react';
import { PlotFrame } from './plot-frame';
import type { PlotlyChartProps } from './plotly-chart';
import { usePlotlyFigure } from './use-plotly-figure';

interface Props extends PlotlyChartProps {
  /** Set to the Plotly graph div once it has been drawn (null before and after). */
  graphRef: RefObject<HTMLDivElement | null>;
  /** Called after every full draw of a new figure, with the chart's graph div. */
  onDrawn?: (el: HTMLDivElement) => void;
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
  // Plotly keeps the listener it was given first: it reads the latest callback through this ref.
  const onAfterPlotRef = useRef(onAfterPlot);
  useEffect(() => {
    onAfterPlotRef.current = onAfterPlot;
  }, [onAfterPlot]);

  const status = usePlotlyFigure(ref, data, layout, {
    afterDraw: async (Plotly, el, cancelled) => {
      // Freeze the ranges Plotly just chose: later shape moves then redraw only the shapes
      // instead of recomputing autorange over every trace ("Autoscale" unfreezes them).
      await Plotly.relayout(el, { 'xaxis.autorange': false, 'yaxis.autorange': false } as Partial<Layout>);
      if (cancelled()) return;
      if (!graphRef.current)
        (el as unknown as { on: (e: string, f: () => void) => void }).on('plotly_afterplot', () =>
          onAfterPlotRef.current?.(),
        );
      graphRef.current = el;
      onDrawn?.(el);
    },
    onUnmount: () => {
      graphRef.current = null;
    },
  });
  return (
    <PlotFrame
      testId={testId}
      points={points}
      status={status}
      label={label}
      plotRef={ref}
      overlayRef={overlayRef}
      fallback="the numbers above and the CSV download have the same data"
    />
  );
}
