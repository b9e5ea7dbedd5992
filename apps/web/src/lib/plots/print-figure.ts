import type { Data, Layout } from 'plotly.js';

// The on-screen figure restyled for print: every text in one embedded font at one size, and the
// fixed margins (set in pixels for 11-12 px screen text) scaled with the text, so a 3.25 in figure
// keeps its plot area. Pure: the live chart is left as it is.

/** The text size the screen layouts' margins were set for. */
const SCREEN_FONT_PX = 12;

type Tree = unknown;

/** Copies a value, setting family and size on every Plotly font object (font, tickfont, title.font…). */
function restyleFonts(value: Tree, family: string, size: number): Tree {
  if (Array.isArray(value)) {
    // Data columns (numbers, strings) hold no font: skip the copy walk for them.
    return value.length > 0 && typeof value[0] !== 'object' ? value : value.map((v) => restyleFonts(v, family, size));
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  const out: Record<string, Tree> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      /font$/.test(key) && v !== null && typeof v === 'object' && !Array.isArray(v)
        ? { ...v, family, size }
        : restyleFonts(v, family, size);
  }
  return out;
}

export function printFigure(
  data: readonly Data[],
  layout: Partial<Layout>,
  { family, fontPt }: { family: string; fontPt: number },
): { data: Data[]; layout: Partial<Layout> } {
  const scale = fontPt / SCREEN_FONT_PX;
  const restyled = restyleFonts(layout, family, fontPt) as Partial<Layout>;
  const margin = layout.margin ?? {};
  const legend = layout.legend;
  return {
    data: restyleFonts(data, family, fontPt) as Data[],
    layout: {
      ...restyled,
      font: { ...restyled.font, family, size: fontPt },
      margin: {
        ...margin,
        ...Object.fromEntries(
          (['l', 'r', 't', 'b', 'pad'] as const)
            .filter((k) => typeof margin[k] === 'number')
            .map((k) => [k, Math.round(margin[k]! * scale)]),
        ),
      },
      // A legend placed below the plot in paper units lands on the axis title once the plot is
      // a few inches tall: pin it to the bottom of the figure instead, where it pushes the margin.
      ...(legend?.orientation === 'h' && (legend.y ?? 1) < 0
        ? { legend: { ...restyled.legend, yref: 'container', y: 0, yanchor: 'bottom' } }
        : {}),
      autosize: false,
    },
  };
}
