'use client';

import { useState, type FormEvent } from 'react';
import {
  PDF_LIMITS,
  PDF_PRESETS,
  parsePdfSize,
  sizeInput,
  storedPdfSize,
  type PdfFigureSize,
  type PdfSizeInput,
} from '@/lib/plots/pdf-size';

/** This browser remembers the last size used, for every plot. */
const STORAGE_KEY = 'frontier.pdf-figure-size';

interface Props {
  /** Draws and downloads the PDF; resolves to a notice to show (the form then stays open), or null. */
  download: (size: PdfFigureSize) => Promise<string | null>;
  disabled: boolean;
}

function remembered(): PdfFigureSize {
  try {
    return storedPdfSize(localStorage.getItem(STORAGE_KEY));
  } catch {
    return storedPdfSize(null);
  }
}

/** "PDF…": a small form for the figure's size in inches and its font size, then the download. */
export function PdfExport({ download, disabled }: Props) {
  const [input, setInput] = useState<PdfSizeInput | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!input) return;
    const parsed = parsePdfSize(input);
    setNotice(null);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors([]);
    setBusy(true);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(parsed.size));
    } catch {
      // Private windows may refuse storage: the size is then simply not remembered.
    }
    try {
      const said = await download(parsed.size);
      if (said) setNotice(said);
      else setInput(null);
    } catch (err) {
      setErrors([`Could not export PDF: ${err instanceof Error ? err.message : String(err)}`]);
    } finally {
      setBusy(false);
    }
  }

  const field = (
    key: Exclude<keyof PdfSizeInput, 'legend'>,
    label: string,
    unit: string,
    limits: { min: number; max: number },
  ) => (
    <label>
      {label}
      <input
        type="number"
        step="any"
        min={limits.min}
        max={limits.max}
        value={input?.[key] ?? ''}
        data-testid={`pdf-${key}`}
        onChange={(e) => setInput((i) => i && { ...i, [key]: e.target.value })}
      />
      {unit}
    </label>
  );

  return (
    <span className="pdf-export">
      <button
        type="button"
        data-testid="export-pdf"
        disabled={disabled || busy}
        aria-expanded={input !== null}
        onClick={() => {
          setErrors([]);
          setNotice(null);
          const size = remembered();
          setInput((i) => (i ? null : sizeInput(size, size.legend)));
        }}
        title="The chart as a vector PDF with embedded fonts, at a size in inches for a paper"
      >
        {busy ? '…' : 'PDF…'}
      </button>
      {input && (
        <form
          className="pdf-export-form card"
          data-testid="pdf-form"
          aria-label="PDF size and text"
          noValidate
          onSubmit={(e) => void submit(e)}
          onKeyDown={(e) => e.key === 'Escape' && setInput(null)}
        >
          <div className="pdf-presets">
            {PDF_PRESETS.map((p) => (
              <button
                key={p.key}
                type="button"
                data-testid={`pdf-preset-${p.key}`}
                onClick={() => setInput((i) => sizeInput(p, i?.legend ?? true))}
                title={`${p.widthIn} × ${p.heightIn} in, ${p.fontPt} pt text`}
              >
                {p.label} ({p.widthIn} in)
              </button>
            ))}
          </div>
          <div className="pdf-fields">
            {field('widthIn', 'Width', 'in', PDF_LIMITS.inches)}
            {field('heightIn', 'Height', 'in', PDF_LIMITS.inches)}
            {field('fontPt', 'Text', 'pt', PDF_LIMITS.fontPt)}
            <label>
              <input
                type="checkbox"
                checked={input.legend}
                data-testid="pdf-legend"
                onChange={(e) => setInput((i) => i && { ...i, legend: e.target.checked })}
              />
              Legend
            </label>
          </div>
          {errors.length > 0 && (
            <ul role="alert" className="export-error" data-testid="pdf-errors">
              {errors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          {notice && (
            <p role="status" className="pdf-notice" data-testid="pdf-notice">
              {notice}
            </p>
          )}
          <div className="pdf-actions">
            <span className="muted">Vector, fonts embedded; \includegraphics at its own size.</span>
            <button type="submit" data-testid="pdf-download" disabled={busy}>
              {busy ? 'Drawing…' : 'Download PDF'}
            </button>
          </div>
        </form>
      )}
    </span>
  );
}
