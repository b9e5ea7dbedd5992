import { describe, expect, it } from 'vitest';
import { NO_DATA_COLOR, rateColor } from '../matrix/matrix-colors';
import {
  clip,
  escapeXml,
  linearScale,
  previewSvg,
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  rateDomain,
  type PreviewCard,
} from './preview-svg';

const card: PreviewCard = {
  title: 'Study <one> & "two"',
  subtitle: 'Frontier',
  stats: [
    { label: 'Solve rate', value: '42.3%' },
    { label: 'Correctness failures', value: '30.1%' },
  ],
  footer: 'Pinned 2026-12-01',
  picture: {
    kind: 'frontier',
    xTitle: 'Correctness-failure rate',
    yTitle: 'Optimization-failure rate',
    series: [
      {
        points: [
          { x: 0.1, y: 0.4, alpha: 0 },
          { x: 0.2, y: 0.25, alpha: 0.5 },
          { x: 0.35, y: 0.1, alpha: 1 },
        ],
      },
    ],
    selectedAlpha: 0.5,
  },
};

const attrs = (svg: string, tag: string, name: string) =>
  [...svg.matchAll(new RegExp(`<${tag} [^>]*${name}="([-\\d.]+)"`, 'g'))].map((m) => Number(m[1]));

describe('previewSvg', () => {
  it('is a 1200 x 630 picture', () => {
    const svg = previewSvg(card);
    expect(svg).toMatch(/^<svg [^>]*width="1200" height="630" viewBox="0 0 1200 630"/);
    expect([PREVIEW_WIDTH, PREVIEW_HEIGHT]).toEqual([1200, 630]);
  });

  it('puts every checkpoint inside the picture, the lowest failures lowest-left, and rings the selected alpha', () => {
    const svg = previewSvg(card);
    // The checkpoints (r 11) and the ring (r 19); the colour key's dots are smaller.
    const plotted = svg.match(/<circle [^>]*r="(11|19)"[^>]*>/g)!.join('');
    const cx = attrs(plotted, 'circle', 'cx');
    const cy = attrs(plotted, 'circle', 'cy');
    expect(cx.length).toBe(4);
    // Inside the plot's frame, itself inside the picture (left of the numbers, below the title).
    const frame = svg
      .match(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)" fill="#ffffff"/)!
      .slice(1)
      .map(Number);
    const [fx, fy, fw, fh] = frame as [number, number, number, number];
    expect(fx + fw).toBeLessThan(PREVIEW_WIDTH);
    expect(fy + fh).toBeLessThan(PREVIEW_HEIGHT);
    expect(Math.min(...cx)).toBeGreaterThan(fx);
    expect(Math.max(...cx)).toBeLessThan(fx + fw);
    expect(Math.min(...cy)).toBeGreaterThan(fy);
    expect(Math.max(...cy)).toBeLessThan(fy + fh);
    // x grows with correctness failures, y (SVG, downwards) shrinks as optimization failures grow.
    expect(cx[0]!).toBeLessThan(cx[1]!);
    expect(cy[0]!).toBeLessThan(cy[2]!);
    // The ring sits on the alpha 0.5 point.
    expect([cx[3], cy[3]]).toEqual([cx[1], cy[1]]);
    expect(svg).toContain('stroke="#dc2626"');
  });

  it('writes the key numbers, tick labels as percentages, and escapes text', () => {
    const svg = previewSvg(card);
    expect(svg).toContain('>42.3%</text>');
    expect(svg).toContain('>Correctness failures</text>');
    expect(svg).toContain('Study &#60;one&#62; &#38; &#34;two&#34;');
    expect(svg).not.toContain('<one>');
    expect(svg).toMatch(/>10%<\/text>/);
    // The colour key names the lowest and highest alpha.
    expect(svg).toContain('>colour: α</text>');
    expect(svg).toMatch(/>0<\/text>[\s\S]*>1<\/text>/);
  });

  it('draws a heat map cell per value and bars from the centre line', () => {
    const heat = previewSvg({
      ...card,
      picture: {
        kind: 'heatmap',
        values: [0, 0.5, 1, null],
        rows: 2,
        cols: 2,
        rowLabels: ['a', 'b'],
        xTitle: 'problems',
      },
    });
    expect(heat.match(/fill="rgb\(/g)?.length).toBe(3);
    expect(heat).toContain(`fill="${NO_DATA_COLOR}"`); // the cell without data
    expect(heat).toContain(`fill="${rateColor(1)}"`);
    const bars = previewSvg({
      ...card,
      picture: {
        kind: 'bars',
        title: 'differences',
        bars: [
          { label: 'p1', value: 0.5, text: '+50.0 pts' },
          { label: 'p2', value: -0.25, text: '−25.0 pts' },
        ],
      },
    });
    expect(bars).toContain('fill="#2563eb"');
    expect(bars).toContain('fill="#dc2626"');
    expect(bars).toContain('>+50.0 pts</text>');
    // Scaled to the largest bar: the +50 bar spans the half-width, the −25 one half of that.
    const widths = attrs(bars, 'rect', 'width').slice(-2);
    expect(widths[0]! / widths[1]!).toBeCloseTo(2, 1);
  });
});

describe('helpers', () => {
  it('linearScale maps the domain onto the range, a flat domain to its middle', () => {
    const s = linearScale(0, 0.5, 100, 600);
    expect([s(0), s(0.25), s(0.5)]).toEqual([100, 350, 600]);
    expect(linearScale(2, 2, 0, 10)(2)).toBe(5);
  });
  it('rateDomain pads the data and stays within [0, 1]', () => {
    expect(rateDomain([0, 1])).toEqual([0, 1]);
    const [lo, hi] = rateDomain([0.2, 0.3]);
    expect(lo).toBeLessThan(0.2);
    expect(hi).toBeGreaterThan(0.3);
    expect(rateDomain([])).toEqual([0, 1]);
  });
  it('clip and escapeXml', () => {
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clip('abc', 4)).toBe('abc');
    expect(escapeXml(`<a href='x'>`)).toBe('&#60;a href=&#39;x&#39;&#62;');
  });
});
