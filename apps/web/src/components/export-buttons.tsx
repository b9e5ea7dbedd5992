'use client';

import { useState } from 'react';
import { safeFilename, toCsv, type CsvTable } from '@/lib/csv';
import { loadPlotly } from '@/lib/plots/plotly';
import type { PdfFigureSize } from '@/lib/plots/pdf-size';
import { PdfExport } from './pdf-export';

/**
 * PNG, SVG, PDF and CSV downloads for one plot. Reusable by every view:
 *
 *   const plotRef = useRef<HTMLDivElement>(null);
 *   <div ref={plotRef}><PlotlyChart … /></div>
 *   <ExportButtons plot={() => plotRef.current} filename={`study-${id}-matrix`}
 *     csv={() => ({ header: ['problem', 'solved'], rows: [[…], …] })} />
 *
 * `plot` is the Plotly graph div or any element containing it (or a function returning one,
 * read at click time so a ref works). `csv` is called at click time and should return exactly
 * the plotted numbers. `filename` has no extension; it is made file-system safe.
 */
export interface ExportButtonsProps {
  plot: HTMLElement | null | (() => HTMLElement | null);
  csv: () => CsvTable;
  filename: string;
  /** Image size in CSS pixels; the plot's on-screen size by default. */
  width?: number;
  height?: number;
}

function graphDiv(plot: ExportButtonsProps['plot']): HTMLElement | null {
  const el = typeof plot === 'function' ? plot() : plot;
  if (!el) return null;
  return el.classList.contains('js-plotly-plot') ? el : el.querySelector<HTMLElement>('.js-plotly-plot');
}

/** Saves a Blob under a file name through a temporary link (works in every browser, no popup). */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Format = 'png' | 'svg' | 'csv';

export function ExportButtons({ plot, csv, filename, width, height }: ExportButtonsProps) {
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = safeFilename(filename);

  async function image(format: 'png' | 'svg') {
    const el = graphDiv(plot);
    if (!el) throw new Error('the chart has not been drawn yet');
    const Plotly = await loadPlotly();
    const size = { width: width ?? (el.clientWidth || 900), height: height ?? (el.clientHeight || 500) };
    // toImage then our own download, rather than Plotly.downloadImage, so the file name is ours
    // and the same path serves both formats. PNG at 2x for print.
    const url = await Plotly.toImage(el as Plotly.PlotlyHTMLElement, {
      format,
      ...size,
      scale: format === 'png' ? 2 : 1,
    });
    const blob = await (await fetch(url)).blob();
    downloadBlob(blob, `${base}.${format}`);
  }

  /** Downloads the PDF; returns what the user should know about it, if anything. */
  async function pdf(size: PdfFigureSize): Promise<string | null> {
    const el = graphDiv(plot);
    if (!el) throw new Error('the chart has not been drawn yet');
    // jsPDF, svg2pdf and the font (~1 MB together) load on the first PDF only.
    const { plotPdf } = await import('@/lib/plots/plot-pdf');
    const { blob, overflow } = await plotPdf(el, size, base);
    downloadBlob(blob, `${base}.pdf`);
    if (overflow.length === 0) return null;
    const [titles, axes] = overflow.length > 1 ? ['titles are', 'their axes'] : ['title is', 'its axis'];
    return `Downloaded, but the ${overflow.join(' and ')} ${titles} longer than ${axes} at this size and run${overflow.length > 1 ? '' : 's'} off the figure: make the figure larger or the text smaller${size.legend ? ', or untick Legend' : ''}.`;
  }

  async function run(format: Format) {
    setBusy(format);
    setError(null);
    try {
      if (format === 'csv') downloadBlob(new Blob([toCsv(csv())], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
      else await image(format);
    } catch (err) {
      setError(`Could not export ${format.toUpperCase()}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="export-buttons" data-testid={`export-${base}`}>
      <span className="muted">Download</span>
      {(['png', 'svg', 'pdf', 'csv'] as const).map((f) =>
        f === 'pdf' ? (
          <PdfExport key={f} download={pdf} disabled={busy !== null} />
        ) : (
          <button
            key={f}
            type="button"
            data-testid={`export-${f}`}
            disabled={busy !== null}
            onClick={() => void run(f)}
            title={f === 'csv' ? 'The plotted numbers as CSV' : `The chart as ${f.toUpperCase()}`}
          >
            {busy === f ? '…' : f.toUpperCase()}
          </button>
        ),
      )}
      {error && (
        <span role="alert" className="export-error">
          {error}
        </span>
      )}
    </div>
  );
}
