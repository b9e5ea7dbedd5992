'use client';

import type { RefObject } from 'react';

export type PlotStatus = 'loading' | 'ready' | 'error';

interface Props {
  testId: string;
  /** Number of data points drawn, exposed as `data-points` for tests and tooling. */
  points: number;
  status: PlotStatus;
  /** What the chart shows, for screen readers. */
  label: string;
  /** The div Plotly draws into. */
  plotRef: RefObject<HTMLDivElement | null>;
  /** Where the same numbers are when the chart cannot be drawn. */
  fallback: string;
  overlayRef?: RefObject<HTMLDivElement | null>;
}

/** The box around a Plotly chart: its status for tests, a loading spinner, the error message. */
export function PlotFrame({ testId, points, status, label, plotRef, fallback, overlayRef }: Props) {
  return (
    <div className="plot" data-testid={testId} data-points={points} data-status={status} role="img" aria-label={label}>
      <div ref={plotRef} />
      {overlayRef && <div className="plot-overlay" ref={overlayRef} aria-hidden />}
      {status === 'loading' && (
        <div className="plot-loading">
          <span className="spinner" aria-hidden />
          Loading chart…
        </div>
      )}
      {status === 'error' && <div className="plot-loading">The chart could not be drawn; {fallback}.</div>}
    </div>
  );
}
