import type { Data, Layout } from 'plotly.js';

// The on-screen figure restyled for print. The PDF is the screen figure drawn at the text size it
// was designed for (12 px) and then scaled onto the page so that text lands at the chosen size:
// markers, line widths, margins and the text keep the proportions they have on screen, whatever
// the page. Pure: the live chart is left as it is.

/** The text size the screen layouts (margins, marker sizes, line widths) were set for. */
export const SCREEN_FONT_PX = 12;

/** Page points per drawing pixel: 8 pt text makes 12 px text two thirds of a point each. */
export function printScale(fontPt: number): number {
  return fontPt / SCREEN_FONT_PX;
}

/** Copies a value, setting family and size on every Plotly font object (font, tickfont, title.font…). */
function restyleFonts(value: unknown, family: string, size: number): unknown {
  if (Array.isArray(value)) {
    // Data columns (numbers, strings) hold no font: skip the copy walk for them.
    return value.length > 0 && typeof value[0] !== 'object' ? value : value.map((v) => restyleFonts(v, family, size));
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      /font$/.test(key) && v !== null && typeof v === 'object' && !Array.isArray(v)
        ? { ...v, family, size }
        : restyleFonts(v, family, size);
  }
  return out;
}

/** Every text in `family` at one size (the screen's), and the legend laid out for a small page. */
export function printFigure(
  data: readonly Data[],
  layout: Partial<Layout>,
  { family, legend: showLegend }: { family: string; legend: boolean },
): { data: Data[]; layout: Partial<Layout> } {
  const restyled = restyleFonts(layout, family, SCREEN_FONT_PX) as Partial<Layout>;
  const legend = layout.legend;
  return {
    data: restyleFonts(data, family, SCREEN_FONT_PX) as Data[],
    layout: {
      ...restyled,
      font: { ...restyled.font, family, size: SCREEN_FONT_PX },
      ...(showLegend ? {} : { showlegend: false }),
      legend: {
        ...restyled.legend,
        // No gap between groups: each series is its own group, and the gaps made the legend tall.
        tracegroupgap: 0,
        // A legend placed below the plot in paper units lands on the axis title once the plot is
        // a few inches tall: pin it to the bottom of the figure instead, where it pushes the margin.
        ...(legend?.orientation === 'h' && (legend.y ?? 1) < 0 ? { yref: 'container', y: 0, yanchor: 'bottom' } : {}),
      },
      autosize: false,
    },
  };
}
