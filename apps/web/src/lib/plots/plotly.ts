// plotly.js is loaded on the client only, once, when a chart first needs it. Its "basic" bundle
// (scatter, bar, pie: ~1.1 MB minified) is enough: every chart here is a scatter, and the full
// bundle (~4.8 MB) made the study page's cold load several seconds slower.
export type PlotlyModule = typeof import('plotly.js-basic-dist-min').default;

let loading: Promise<PlotlyModule> | undefined;

export function loadPlotly(): Promise<PlotlyModule> {
  loading ??= import('plotly.js-basic-dist-min').then((m) => m.default);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The chart options every plot shares: resizes with its box, no logo, no selection tools. */
export const PLOT_CONFIG = {
  responsive: true,
  displaylogo: false,
  modeBarButtonsToRemove: ['select2d', 'lasso2d'],
} satisfies Partial<import('plotly.js').Config>;
