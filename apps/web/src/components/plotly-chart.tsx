'use client';

import type { Config, Data, Layout } from 'plotly.js';
import { useEffect, useRef, useState } from 'react';

interface Props {
  data: Data[];
  layout: Partial<Layout>;
  testId: string;
  /** What the chart shows, for screen readers. */
  label: string;
  /** Number of data points drawn, exposed as `data-points` for tests and tooling. */
  points: number;
}

const CONFIG: Partial<Config> = { responsive: true, displaylogo: false, modeBarButtonsToRemove: ['select2d', 'lasso2d'] };

type Status = 'loading' | 'ready' | 'error';

/** A Plotly chart. plotly.js (≈1 MB) is loaded on the client only, when a chart first mounts. */
export function PlotlyChart({ data, layout, testId, label, points }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    const el = ref.current;
    let cancelled = false;
    import('plotly.js-dist-min')
      .then(async ({ default: Plotly }) => {
        if (cancelled || !el) return;
        await Plotly.react(el, data, layout, CONFIG);
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
      if (el) void import('plotly.js-dist-min').then(({ default: Plotly }) => Plotly.purge(el));
    };
  }, []);

  return (
    <div className="plot" data-testid={testId} data-points={points} data-status={status} role="img" aria-label={label}>
      <div ref={ref} />
      {status === 'loading' && (
        <div className="plot-loading">
          <span className="spinner" aria-hidden />
          Loading chart…
        </div>
      )}
      {status === 'error' && <div className="plot-loading">The chart could not be drawn; the table below has the same numbers.</div>}
    </div>
  );
}
