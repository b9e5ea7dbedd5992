// plotly.js (≈1 MB) is loaded on the client only, once, when a chart first needs it.
type PlotlyModule = typeof import('plotly.js-dist-min').default;

let loading: Promise<PlotlyModule> | undefined;

export function loadPlotly(): Promise<PlotlyModule> {
  loading ??= import('plotly.js-dist-min').then((m) => m.default);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
