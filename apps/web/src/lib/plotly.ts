// plotly.js (≈1 MB) is loaded on the client only, once, when a chart first needs it.
export type PlotlyModule = typeof import('plotly.js-dist-min').default;

let loading: Promise<PlotlyModule> | undefined;

export function loadPlotly(): Promise<PlotlyModule> {
  loading ??= import('plotly.js-dist-min').then((m) => m.default);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The chart options every plot shares: resizes with its box, no logo, no selection tools. */
export const PLOT_CONFIG = { responsive: true, displaylogo: false, modeBarButtonsToRemove: ['select2d', 'lasso2d'] } satisfies Partial<import('plotly.js').Config>;
