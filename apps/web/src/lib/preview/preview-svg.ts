import { NO_DATA_COLOR, rateColor } from '../matrix/matrix-colors';
import { linearTicks } from '../plots/axis-ticks';

// A share's link-preview picture (the og:image), drawn as an SVG string that the server
// rasterises (server/share-preview.ts). Pure: no DOM, no fonts read here. Sizes are for a chat
// preview about 500 px wide, where the 1200 x 630 picture is shown at ~40%: text under 18 px
// would not survive that.

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** The one font the rasteriser is given (server/share-preview.ts loads it). */
export const PREVIEW_FONT = 'DejaVu Sans';

export interface FrontierPicture {
  kind: 'frontier';
  xTitle: string;
  yTitle: string;
  /** Each series' checkpoints in alpha order; rates in [0, 1]. */
  series: { points: { x: number; y: number; alpha: number }[] }[];
  selectedAlpha: number | undefined;
}

export interface HeatmapPicture {
  kind: 'heatmap';
  /** rows x cols values in [0, 1] (row-major); null for a cell without data. */
  values: (number | null)[];
  rows: number;
  cols: number;
  rowLabels: string[];
  xTitle: string;
}

export interface BarsPicture {
  kind: 'bars';
  title: string;
  /** Signed values, drawn from a centre line, each with its value written at its end. */
  bars: { label: string; value: number; text: string }[];
}

export interface CurvesPicture {
  kind: 'curves';
  xTitle: string;
  yTitle: string;
  /** x >= 1, drawn on a log axis; y rates in [0, 1]. Drawn in order: the last on top. */
  lines: { points: { x: number; y: number }[]; colour: string; width: number }[];
  /** The key under the plot: each line's colour and name. */
  key: { colour: string; label: string }[];
}

export type PreviewPicture = FrontierPicture | HeatmapPicture | BarsPicture | CurvesPicture;

export interface PreviewCard {
  title: string;
  subtitle: string;
  /** The key numbers, beside the picture (or below the title when there is none). */
  stats: { label: string; value: string }[];
  footer: string;
  picture: PreviewPicture | null;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A string cut to `max` characters with an ellipsis: a long study name must not run off the card. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Maps [d0, d1] onto [r0, r1] linearly; a degenerate domain maps to the range's middle. */
export function linearScale(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  if (!(d1 !== d0)) return () => (r0 + r1) / 2;
  return (v) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);
}

/** The axis range: the data with 8% padding, clamped to [0, 1] (rates), never empty. */
export function rateDomain(values: readonly number[]): [number, number] {
  if (values.length === 0) return [0, 1];
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const pad = Math.max((hi - lo) * 0.08, 0.01);
  lo = Math.max(0, lo - pad);
  hi = Math.min(1, hi + pad);
  return [lo, hi];
}

const n = (v: number) => Number(v.toFixed(1));
const formatKey = (alpha: number) => String(Number(alpha.toFixed(3))).replace('-', '−');

function text(x: number, y: number, content: string, attrs = ''): string {
  return `<text x="${n(x)}" y="${n(y)}" ${attrs}>${escapeXml(content)}</text>`;
}

// Plotly's Viridis stops, the frontier plot's alpha colour scale (lib/frontier/frontier-figure.ts).
const VIRIDIS: readonly [number, number, number][] = [
  [68, 1, 84],
  [72, 40, 120],
  [62, 74, 137],
  [49, 104, 142],
  [38, 130, 142],
  [31, 158, 137],
  [53, 183, 121],
  [109, 205, 89],
  [180, 222, 44],
  [253, 231, 37],
];

/** Alpha's colour, t in [0, 1] along Viridis, as the frontier plot colours its points. */
export function alphaColour(t: number): string {
  const x = Math.max(0, Math.min(1, Number.isFinite(t) ? t : 0)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const [a, b] = [VIRIDIS[i]!, VIRIDIS[i + 1]!];
  return `rgb(${a.map((v, k) => Math.round(v + (b[k]! - v) * f)).join(',')})`;
}

/** A plot's grid, tick labels and axis titles: ticks as (pixel position, label). */
function axesSvg(
  plot: Box,
  box: Box,
  x: { at: number; label: string }[],
  y: { at: number; label: string }[],
  titles: { x: string; y: string },
): string {
  const out: string[] = [];
  for (const t of x) {
    out.push(
      `<line x1="${n(t.at)}" y1="${plot.y}" x2="${n(t.at)}" y2="${plot.y + plot.h}" stroke="#e5e7eb" stroke-width="1.5"/>`,
    );
    out.push(text(t.at, plot.y + plot.h + 30, t.label, 'font-size="21" text-anchor="middle" fill="#374151"'));
  }
  for (const t of y) {
    out.push(
      `<line x1="${plot.x}" y1="${n(t.at)}" x2="${plot.x + plot.w}" y2="${n(t.at)}" stroke="#e5e7eb" stroke-width="1.5"/>`,
    );
    out.push(text(plot.x - 10, t.at + 7, t.label, 'font-size="21" text-anchor="end" fill="#374151"'));
  }
  out.push(
    text(plot.x + plot.w / 2, plot.y + plot.h + 66, titles.x, 'font-size="22" text-anchor="middle" fill="#111827"'),
  );
  const cy = plot.y + plot.h / 2;
  out.push(
    text(
      box.x + 20,
      cy,
      titles.y,
      `font-size="22" text-anchor="middle" fill="#111827" transform="rotate(-90 ${box.x + 20} ${n(cy)})"`,
    ),
  );
  return out.join('');
}

function frontierSvg(p: FrontierPicture, box: Box): string {
  const xs = p.series.flatMap((s) => s.points.map((q) => q.x));
  const ys = p.series.flatMap((s) => s.points.map((q) => q.y));
  const alphas = p.series.flatMap((s) => s.points.map((q) => q.alpha));
  const [x0, x1] = rateDomain(xs);
  const [y0, y1] = rateDomain(ys);
  const plot = { x: box.x + 90, y: box.y + 10, w: box.w - 100, h: box.h - 90 };
  const sx = linearScale(x0, x1, plot.x, plot.x + plot.w);
  const sy = linearScale(y0, y1, plot.y + plot.h, plot.y);
  const colourOf = linearScale(Math.min(...alphas), Math.max(...alphas), 0, 1);
  const out: string[] = [];
  out.push(
    `<rect x="${plot.x}" y="${plot.y}" width="${plot.w}" height="${plot.h}" fill="#ffffff" stroke="#9ca3af" stroke-width="2"/>`,
  );
  const xt = linearTicks(x0, x1, 'percent', 5);
  const yt = linearTicks(y0, y1, 'percent', 5);
  out.push(
    axesSvg(
      plot,
      box,
      xt.values.map((v, i) => ({ at: sx(v), label: xt.labels[i]! })),
      yt.values.map((v, i) => ({ at: sy(v), label: yt.labels[i]! })),
      { x: p.xTitle, y: p.yTitle },
    ),
  );
  for (const s of p.series) {
    const path = s.points.map((q) => `${n(sx(q.x))},${n(sy(q.y))}`).join(' ');
    if (s.points.length > 1)
      out.push(`<polyline points="${path}" fill="none" stroke="#9ca3af" stroke-width="3" stroke-linejoin="round"/>`);
  }
  for (const s of p.series)
    for (const q of s.points)
      out.push(
        `<circle cx="${n(sx(q.x))}" cy="${n(sy(q.y))}" r="11" fill="${alphaColour(colourOf(q.alpha))}" stroke="#374151" stroke-width="1.5"/>`,
      );
  // The colour key, under the numbers: lowest and highest alpha.
  const [aLo, aHi] = [Math.min(...alphas), Math.max(...alphas)];
  const keyY = box.y + box.h - 4;
  out.push(text(box.x + box.w + 40, keyY, 'colour: α', 'font-size="19" fill="#4b5563"'));
  out.push(`<circle cx="${box.x + box.w + 150}" cy="${keyY - 7}" r="9" fill="${alphaColour(0)}"/>`);
  out.push(text(box.x + box.w + 164, keyY, formatKey(aLo), 'font-size="19" fill="#4b5563"'));
  out.push(`<circle cx="${box.x + box.w + 240}" cy="${keyY - 7}" r="9" fill="${alphaColour(1)}"/>`);
  out.push(text(box.x + box.w + 254, keyY, formatKey(aHi), 'font-size="19" fill="#4b5563"'));
  for (const s of p.series)
    for (const q of s.points.filter((q) => q.alpha === p.selectedAlpha))
      out.push(`<circle cx="${n(sx(q.x))}" cy="${n(sy(q.y))}" r="19" fill="none" stroke="#dc2626" stroke-width="5"/>`);
  return out.join('');
}

function heatmapSvg(p: HeatmapPicture, box: Box): string {
  const labelW = 150;
  const plot = { x: box.x + labelW, y: box.y + 10, w: box.w - labelW - 10, h: box.h - 60 };
  const cw = plot.w / Math.max(1, p.cols);
  const ch = plot.h / Math.max(1, p.rows);
  const out: string[] = [];
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      const v = p.values[r * p.cols + c] ?? null;
      // The solve matrix's own colours. Cells overlap by half a pixel so the rasteriser's anti-aliasing leaves no seams.
      out.push(
        `<rect x="${n(plot.x + c * cw)}" y="${n(plot.y + r * ch)}" width="${n(cw + 0.5)}" height="${n(ch + 0.5)}" fill="${v === null ? NO_DATA_COLOR : rateColor(v)}"/>`,
      );
    }
  }
  // Row labels only where they fit (at least 22 px per row), every k-th row otherwise.
  const every = Math.max(1, Math.ceil(22 / ch));
  p.rowLabels.forEach((label, r) => {
    if (r % every !== 0) return;
    out.push(
      text(
        plot.x - 10,
        plot.y + r * ch + ch / 2 + 7,
        clip(label, 11),
        'font-size="19" text-anchor="end" fill="#374151"',
      ),
    );
  });
  out.push(
    `<rect x="${plot.x}" y="${plot.y}" width="${n(plot.w)}" height="${n(plot.h)}" fill="none" stroke="#9ca3af" stroke-width="2"/>`,
  );
  out.push(
    text(plot.x + plot.w / 2, plot.y + plot.h + 36, p.xTitle, 'font-size="21" text-anchor="middle" fill="#111827"'),
  );
  return out.join('');
}

function barsSvg(p: BarsPicture, box: Box): string {
  const labelW = 150;
  // Room on both sides for the value written past a bar's end.
  const plot = { x: box.x + labelW + 110, y: box.y + 46, w: box.w - labelW - 240, h: box.h - 56 };
  const out: string[] = [text(box.x, box.y + 24, clip(p.title, 64), 'font-size="22" fill="#111827"')];
  const rowH = plot.h / Math.max(1, p.bars.length);
  const mid = plot.x + plot.w / 2;
  // Scaled to the largest bar, so small differences still show.
  const top = Math.max(1e-9, ...p.bars.map((b) => Math.abs(b.value)));
  const sx = linearScale(-top, top, plot.x, plot.x + plot.w);
  out.push(
    `<line x1="${n(mid)}" y1="${plot.y}" x2="${n(mid)}" y2="${n(plot.y + plot.h)}" stroke="#6b7280" stroke-width="2"/>`,
  );
  p.bars.forEach((b, i) => {
    const y = plot.y + i * rowH;
    const X = sx(b.value);
    out.push(
      `<rect x="${n(Math.min(X, mid))}" y="${n(y + rowH * 0.15)}" width="${n(Math.abs(X - mid))}" height="${n(rowH * 0.7)}" fill="${b.value >= 0 ? '#2563eb' : '#dc2626'}"/>`,
    );
    out.push(
      text(box.x + labelW, y + rowH / 2 + 7, clip(b.label, 14), 'font-size="19" text-anchor="end" fill="#374151"'),
    );
    out.push(
      text(
        b.value >= 0 ? X + 8 : X - 8,
        y + rowH / 2 + 7,
        b.text,
        `font-size="19" fill="#111827" text-anchor="${b.value >= 0 ? 'start' : 'end'}"`,
      ),
    );
  });
  return out.join('');
}

function curvesSvg(p: CurvesPicture, box: Box): string {
  const xs = p.lines.flatMap((l) => l.points.map((q) => q.x));
  const ys = p.lines.flatMap((l) => l.points.map((q) => q.y));
  const plot = { x: box.x + 90, y: box.y + 10, w: box.w - 100, h: box.h - 120 };
  const [lx0, lx1] = [Math.log10(Math.max(1, Math.min(...xs))), Math.log10(Math.max(1, ...xs))];
  const sx = linearScale(lx0, lx1, plot.x, plot.x + plot.w);
  const [y0, y1] = [0, Math.min(1, Math.max(...ys) * 1.08 || 1)];
  const sy = linearScale(y0, y1, plot.y + plot.h, plot.y);
  const out: string[] = [
    `<rect x="${plot.x}" y="${plot.y}" width="${plot.w}" height="${plot.h}" fill="#ffffff" stroke="#9ca3af" stroke-width="2"/>`,
  ];
  // Log axis: ticks at 1, 2, 5 x powers of ten inside the range.
  const ticks = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].filter(
    (t) => Math.log10(t) >= lx0 - 1e-9 && Math.log10(t) <= lx1 + 1e-9,
  );
  const yt = linearTicks(y0, y1, 'percent', 5);
  out.push(
    axesSvg(
      plot,
      box,
      ticks.map((t) => ({ at: sx(Math.log10(t)), label: String(t) })),
      yt.values.map((v, i) => ({ at: sy(v), label: yt.labels[i]! })),
      { x: p.xTitle, y: p.yTitle },
    ),
  );
  for (const l of p.lines) {
    const path = l.points.map((q) => `${n(sx(Math.log10(Math.max(1, q.x))))},${n(sy(q.y))}`).join(' ');
    out.push(
      `<polyline points="${path}" fill="none" stroke="${l.colour}" stroke-width="${l.width}" stroke-linejoin="round"/>`,
    );
  }
  let kx = plot.x;
  for (const k of p.key) {
    const ky = plot.y + plot.h + 98;
    out.push(
      `<line x1="${n(kx)}" y1="${ky - 7}" x2="${n(kx + 30)}" y2="${ky - 7}" stroke="${k.colour}" stroke-width="5"/>`,
    );
    out.push(text(kx + 38, ky, clip(k.label, 26), 'font-size="19" fill="#374151"'));
    kx += 60 + Math.min(26, k.label.length) * 10.5;
  }
  return out.join('');
}

function statsSvg(stats: PreviewCard['stats'], box: Box): string {
  const out: string[] = [];
  const step = Math.min(96, box.h / Math.max(1, stats.length));
  stats.forEach((s, i) => {
    const y = box.y + i * step;
    out.push(text(box.x, y + 24, s.label, 'font-size="22" fill="#4b5563"'));
    out.push(text(box.x, y + 68, s.value, 'font-size="40" font-weight="bold" fill="#111827"'));
  });
  return out.join('');
}

/** The whole 1200 x 630 card: title, subtitle, the picture on the left, the key numbers on the right. */
export function previewSvg(card: PreviewCard): string {
  const W = PREVIEW_WIDTH;
  const H = PREVIEW_HEIGHT;
  const body: string[] = [
    `<rect width="${W}" height="${H}" fill="#f9fafb"/>`,
    `<rect width="${W}" height="10" fill="#2563eb"/>`,
    text(40, 66, clip(card.title, 44), 'font-size="42" font-weight="bold" fill="#111827"'),
    text(40, 104, clip(card.subtitle, 80), 'font-size="24" fill="#374151"'),
  ];
  const content: Box = { x: 30, y: 130, w: 800, h: 460 };
  const side: Box = { x: 870, y: 140, w: 300, h: 440 };
  if (card.picture?.kind === 'frontier') body.push(frontierSvg(card.picture, content));
  else if (card.picture?.kind === 'heatmap') body.push(heatmapSvg(card.picture, content));
  else if (card.picture?.kind === 'bars') body.push(barsSvg(card.picture, content));
  else if (card.picture?.kind === 'curves') body.push(curvesSvg(card.picture, content));
  body.push(statsSvg(card.stats, card.picture ? side : { x: 40, y: 150, w: 1100, h: 420 }));
  body.push(text(40, H - 16, clip(card.footer, 100), 'font-size="19" fill="#6b7280"'));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${PREVIEW_FONT}">${body.join('')}</svg>`;
}
