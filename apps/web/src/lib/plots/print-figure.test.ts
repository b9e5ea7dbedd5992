import type { Data, Layout } from 'plotly.js';
import { describe, expect, it } from 'vitest';
import { printFigure } from './print-figure';

const data = [
  {
    type: 'scatter',
    x: [0.1, 0.2],
    y: [0.3, 0.4],
    text: ['a', 'b'],
    marker: { colorbar: { title: { text: 'alpha', font: { size: 13 } }, tickfont: { color: '#333' } } },
    textfont: { size: 10 },
  },
] as Data[];

const layout: Partial<Layout> = {
  autosize: true,
  margin: { l: 60, r: 12, t: 0, b: 48 },
  font: { color: '#111' },
  legend: { orientation: 'h', x: 0, y: -0.12, yanchor: 'top', font: { size: 11 } },
  xaxis: { title: { text: 'x', font: { size: 14 } } },
  annotations: [{ text: 'note', font: { size: 11, color: '#5f6b7a' } }],
};

describe('printFigure', () => {
  const out = printFigure(data, layout, { family: 'DejaVu Sans', fontPt: 8 });

  it('sets every text of layout and data in the one family at the one size, keeping other font settings', () => {
    expect(out.layout.font).toEqual({ color: '#111', family: 'DejaVu Sans', size: 8 });
    expect(out.layout.legend?.font).toEqual({ family: 'DejaVu Sans', size: 8 });
    expect(out.layout.xaxis?.title).toEqual({ text: 'x', font: { family: 'DejaVu Sans', size: 8 } });
    expect(out.layout.annotations?.[0]?.font).toEqual({ family: 'DejaVu Sans', size: 8, color: '#5f6b7a' });
    const trace = out.data[0] as {
      marker: { colorbar: { title: { font: object }; tickfont: object } };
      textfont: object;
    };
    expect(trace.marker.colorbar.title.font).toEqual({ family: 'DejaVu Sans', size: 8 });
    expect(trace.marker.colorbar.tickfont).toEqual({ color: '#333', family: 'DejaVu Sans', size: 8 });
    expect(trace.textfont).toEqual({ family: 'DejaVu Sans', size: 8 });
  });

  it('scales the pixel margins with the text (12 px screen text to 8 pt)', () => {
    expect(out.layout.margin).toEqual({ l: 40, r: 8, t: 0, b: 32 });
  });

  it('pins a legend below the plot to the bottom of the figure and stops resizing to the page', () => {
    expect(out.layout.legend).toMatchObject({ orientation: 'h', yref: 'container', y: 0, yanchor: 'bottom' });
    expect(out.layout.autosize).toBe(false);
  });

  it('leaves the live figure untouched and data columns as they were', () => {
    expect(layout.legend?.font).toEqual({ size: 11 });
    expect(layout.font).toEqual({ color: '#111' });
    expect((data[0] as { marker: { colorbar: { tickfont: object } } }).marker.colorbar.tickfont).toEqual({
      color: '#333',
    });
    expect((out.data[0] as { x: number[] }).x).toEqual([0.1, 0.2]);
  });
});
