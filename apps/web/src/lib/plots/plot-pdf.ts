import type { Data, Layout } from 'plotly.js';
import { jsPDF } from 'jspdf';
import 'svg2pdf.js';
import fontUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf';
import { loadPlotly, type PlotlyModule } from './plotly';
import { pagePoints, type PdfFigureSize } from './pdf-size';
import { printFigure, printScale, SCREEN_FONT_PX } from './print-figure';
import { fitTitles } from './fit-titles';

// A Plotly chart as a vector PDF for a paper: Plotly draws the figure as SVG with every text in
// DejaVu Sans, and svg2pdf turns that SVG, scaled onto the page, into PDF paths and text set in
// the same TTF, embedded (subset) in the file. This module, jsPDF and the font are loaded only
// when someone asks for a PDF.

/** The PDF's one font; the browser lays the figure out with the same file, so widths match. */
const FAMILY = 'DejaVu Sans';
const FONT_FILE = 'DejaVuSans.ttf';

let fontBytes: Promise<string> | undefined;

/** The TTF as a binary string (what jsPDF's virtual file system takes), fetched once. */
function loadFont(): Promise<string> {
  fontBytes ??= (async () => {
    const res = await fetch(fontUrl);
    if (!res.ok) throw new Error(`the PDF font could not be loaded (HTTP ${res.status}); reload the page and retry`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The browser measures the text Plotly lays out; give it the very font the PDF embeds.
    const face = new FontFace(FAMILY, bytes);
    document.fonts.add(await face.load());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return binary;
  })();
  fontBytes.catch(() => {
    fontBytes = undefined;
  });
  return fontBytes;
}

/** What Plotly keeps on a drawn chart's div: the figure as last drawn, zoom included. */
interface GraphDiv {
  data: Data[];
  layout: Partial<Layout>;
}

function tooSmall(size: PdfFigureSize): string {
  return `the chart does not fit in ${size.widthIn} × ${size.heightIn} in with ${size.fontPt} pt text: make the figure larger or the text smaller${size.legend ? ', or untick Legend' : ''}`;
}

/** The print figure as an SVG data URL, or null when its text leaves no room for the plot. */
async function drawSvg(
  Plotly: PlotlyModule,
  gd: GraphDiv,
  size: PdfFigureSize,
  canvas: { width: number; height: number },
  holder: Element,
): Promise<{ url: string; overflow: string[] } | null> {
  try {
    const { figure, overflow } = await fitTitles(
      Plotly,
      printFigure(gd.data, gd.layout, { family: FAMILY, legend: size.legend }),
      canvas,
      `${SCREEN_FONT_PX}px "${FAMILY}"`,
      holder,
    );
    const url = await Plotly.toImage({ ...figure, config: { staticPlot: true } }, { format: 'svg', ...canvas });
    return { url, overflow };
  } catch (err) {
    // Plotly gives up with "Something went wrong with axis scaling" when margins and legend leave
    // the plot no room: the size is the problem, and the user is told so in those terms.
    if (err instanceof Error && /axis scaling/i.test(err.message)) return null;
    throw err;
  }
}

/** The PDF, and the axes whose title is longer than the axis even when wrapped (to tell the user). */
export async function plotPdf(
  graph: HTMLElement,
  size: PdfFigureSize,
  title: string,
): Promise<{ blob: Blob; overflow: string[] }> {
  const [Plotly, font] = await Promise.all([loadPlotly(), loadFont()]);
  const { width, height } = pagePoints(size);
  const gd = graph as unknown as GraphDiv;
  // Drawn at the screen's text size on a canvas 1/scale times the page, then scaled onto the page.
  const scale = printScale(size.fontPt);
  const canvas = { width: Math.round(width / scale), height: Math.round(height / scale) };
  // Layout and svg2pdf both measure text in the live DOM: work in an off-screen box.
  const holder = document.createElement('div');
  holder.style.cssText = 'position:fixed;left:-10000px;top:0;visibility:hidden';
  document.body.append(holder);
  try {
    const drawn = await drawSvg(Plotly, gd, size, canvas, holder);
    if (!drawn) throw new Error(tooSmall(size));
    const { url, overflow } = drawn;
    const svgText = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    const svg = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
    if (svg.nodeName !== 'svg') throw new Error('the chart could not be drawn as SVG');

    const doc = new jsPDF({
      unit: 'pt',
      format: [width, height],
      orientation: width > height ? 'landscape' : 'portrait',
      putOnlyUsedFonts: true,
      compress: true,
    });
    doc.addFileToVFS(FONT_FILE, font);
    doc.addFont(FONT_FILE, FAMILY, 'normal');
    doc.setFont(FAMILY, 'normal');
    doc.setProperties({ title, creator: 'Frontier Explorer' });
    holder.append(svg);
    await doc.svg(svg, { x: 0, y: 0, width, height });
    return { blob: doc.output('blob'), overflow };
  } finally {
    holder.remove();
  }
}
