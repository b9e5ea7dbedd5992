'use client';

import type { Data, Layout } from 'plotly.js';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { loadPlotly, PLOT_CONFIG, type PlotlyModule } from '@/lib/plots/plotly';
import type { PlotStatus } from './plot-frame';

export interface FigureHooks {
  /** Runs after each full draw; `cancelled()` turns true once a newer figure or unmount supersedes it. */
  afterDraw?: (Plotly: PlotlyModule, el: HTMLDivElement, cancelled: () => boolean) => Promise<void> | void;
  /** Runs when the chart unmounts, before Plotly lets go of its div. */
  onUnmount?: () => void;
}

/**
 * Draws the figure into the div behind `ref` (`Plotly.react`, plotly.js loaded on first use)
 * whenever `data` or `layout` change, and purges it on unmount. Returns what the frame shows.
 */
export function usePlotlyFigure(
  ref: RefObject<HTMLDivElement | null>,
  data: Data[],
  layout: Partial<Layout>,
  hooks: FigureHooks = {},
): PlotStatus {
  const [status, setStatus] = useState<PlotStatus>('loading');
  // The latest callbacks, read when they run: a new closure each render must not redraw the figure.
  const hooksRef = useRef(hooks);
  useEffect(() => {
    hooksRef.current = hooks;
  });

  useEffect(() => {
    const el = ref.current;
    let cancelled = false;
    loadPlotly()
      .then(async (Plotly) => {
        if (cancelled || !el) return;
        await Plotly.react(el, data, layout, PLOT_CONFIG);
        if (cancelled) return;
        await hooksRef.current.afterDraw?.(Plotly, el, () => cancelled);
        if (!cancelled) setStatus('ready');
      })
      .catch((err: unknown) => {
        console.error('chart failed', err);
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [ref, data, layout]);

  useEffect(() => {
    const el = ref.current;
    return () => {
      hooksRef.current.onUnmount?.();
      if (el) void loadPlotly().then((Plotly) => Plotly.purge(el));
    };
  }, [ref]);

  return status;
}
