import type { Data, Layout } from 'plotly.js';
import { describe, expect, it } from 'vitest';
import { printFigure, printScale } from './print-figure';

const data = [
  {
    type: 'scatter',
    x: [0.1, 0.2],
    y: [0.3, 0.4],
    text: ['a', 'b'],
    marker: {
      size: [11, 15],
      colorbar: { title: { text: 'alpha', font: { size: 13 } }, tickfont: { color: '#333' } },
    },
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
  const out = printFigure(data, layout, { family: 'DejaVu Sans', legend: true });
  const font = { family: 'DejaVu Sans', size: 12 };

  it('sets every text of layout and data in the one family at the screen size, keeping other font settings', () => {
    expect(out.layout.font).toEqual({ color: '#111', ...font });
    expect(out.layout.legend?.font).toEqual(font);
    expect(out.layout.xaxis?.title).toEqual({ text: 'x', font });
    expect(out.layout.annotations?.[0]?.font).toEqual({ ...font, color: '#5f6b7a' });
    const trace = out.data[0] as {
      marker: { colorbar: { title: { font: object }; tickfont: object } };
      textfont: object;
    };
    expect(trace.marker.colorbar.title.font).toEqual(font);
    expect(trace.marker.colorbar.tickfont).toEqual({ color: '#333', ...font });
    expect(trace.textfont).toEqual(font);
  });

  it('keeps margins and marks as on screen: the page scale shrinks them with the text', () => {
    expect(out.layout.margin).toEqual(layout.margin);
    expect((out.data[0] as { marker: { size: number[] } }).marker.size).toEqual([11, 15]);
    expect(printScale(8)).toBeCloseTo(2 / 3, 12);
    expect(printScale(12)).toBe(1);
  });

  it('pins a legend below the plot to the bottom of the figure, without group gaps, or hides it; a fixed size', () => {
    expect(out.layout.legend).toMatchObject({
      orientation: 'h',
      yref: 'container',
      y: 0,
      yanchor: 'bottom',
      tracegroupgap: 0,
    });
    const vertical = printFigure(data, { legend: { orientation: 'v', x: 1.02 } }, { family: 'F', legend: true });
    expect(vertical.layout.legend).toEqual({ orientation: 'v', x: 1.02, tracegroupgap: 0 });
    expect(vertical.layout.showlegend).toBeUndefined();
    expect(printFigure(data, layout, { family: 'F', legend: false }).layout.showlegend).toBe(false);
    expect(out.layout.autosize).toBe(false);
  });

  it('leaves the live figure untouched', () => {
    expect(layout.legend).toEqual({ orientation: 'h', x: 0, y: -0.12, yanchor: 'top', font: { size: 11 } });
    expect(layout.font).toEqual({ color: '#111' });
    expect((data[0] as { marker: { colorbar: { tickfont: object } } }).marker.colorbar.tickfont).toEqual({
      color: '#333',
    });
  });
});
