import type { Data, Layout } from 'plotly.js';
import type { PlotlyModule } from './plotly';
import { wrapTitle } from './wrap-title';

type Figure = { data: Data[]; layout: Partial<Layout> };

const AXES = [
  ['xaxis', 'x-axis'],
  ['yaxis', 'y-axis'],
] as const;

/**
 * Lays the figure out off-screen and wraps each axis title longer than its axis, measured with
 * `font` (a CSS font, the one the figure's text is set in). Wrapping a title moves the margins and
 * so the other axis's length: it lays out again until the titles stop changing (three passes at
 * most). `overflow` names the axes whose title still does not fit (a piece wider than the axis).
 */
export async function fitTitles(
  Plotly: PlotlyModule,
  figure: Figure,
  size: { width: number; height: number },
  font: string,
  holder: Element,
): Promise<{ figure: Figure; overflow: string[] }> {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return { figure, overflow: [] };
  context.font = font;
  const width = (s: string) => context.measureText(s).width;
  const probe = document.createElement('div');
  holder.append(probe);
  let layout = figure.layout;
  let lengths: Record<string, number> = {};
  try {
    for (let pass = 0; pass < 3; pass++) {
      await Plotly.react(probe, figure.data, { ...layout, ...size }, { staticPlot: true });
      const full = (probe as unknown as { _fullLayout: Record<string, { _length?: number } | undefined> })._fullLayout;
      lengths = Object.fromEntries(AXES.map(([key]) => [key, full[key]?._length ?? 0]));
      const next = { ...figure.layout };
      for (const [key] of AXES) {
        const axis = figure.layout[key];
        const title = typeof axis?.title === 'string' ? { text: axis.title } : axis?.title;
        if (!axis || !title?.text || !lengths[key]) continue;
        // A little short of the axis, for the margin the other title's new line takes.
        const text = wrapTitle(title.text, lengths[key] * 0.95, width);
        if (text !== title.text) next[key] = { ...axis, title: { ...title, text } };
      }
      const same = AXES.every(([key]) => titleText(next[key]) === titleText(layout[key]));
      layout = next;
      if (same) break;
    }
  } finally {
    Plotly.purge(probe);
    probe.remove();
  }
  const overflow = AXES.filter(([key]) => {
    const text = titleText(layout[key]);
    return text && lengths[key] && Math.max(...text.split('<br>').map(width)) > lengths[key]!;
  }).map(([, name]) => name);
  return { figure: { ...figure, layout }, overflow };
}

function titleText(axis: Partial<Layout>['xaxis']): string | undefined {
  return typeof axis?.title === 'string' ? axis.title : axis?.title?.text;
}
