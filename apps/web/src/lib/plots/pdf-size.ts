// The size and text size of a PDF figure, chosen by the user and checked here before any drawing.
// A LaTeX page is measured in points (1 in = 72 pt, PostScript points, as \includegraphics reads
// a PDF's MediaBox), so a figure made at the column's width in inches drops in without scaling
// and its text keeps the chosen size.

export const POINTS_PER_INCH = 72;

export interface PdfFigureSize {
  widthIn: number;
  heightIn: number;
  fontPt: number;
  /** A legend with long labels can fill half of a one-column figure: a caption can say it instead. */
  legend: boolean;
}

export const PDF_LIMITS = {
  inches: { min: 1, max: 20 },
  fontPt: { min: 5, max: 24 },
} as const;

/** Common LaTeX column widths (two-column conference and journal templates). */
export const PDF_PRESETS = [
  { key: 'single', label: 'Single column', widthIn: 3.25, heightIn: 2.5, fontPt: 8 },
  { key: 'double', label: 'Double column', widthIn: 6.75, heightIn: 3.5, fontPt: 9 },
] as const satisfies readonly (Omit<PdfFigureSize, 'legend'> & { key: string; label: string })[];

export const DEFAULT_PDF_SIZE: PdfFigureSize = { widthIn: 3.25, heightIn: 2.5, fontPt: 8, legend: true };

type Numeric = Exclude<keyof PdfFigureSize, 'legend'>;

/** The form's fields as typed. */
export type PdfSizeInput = Record<Numeric, string> & { legend: boolean };

export type PdfSizeResult = { ok: true; size: PdfFigureSize } | { ok: false; errors: string[] };

const FIELDS = [
  ['widthIn', 'Width', 'in', PDF_LIMITS.inches],
  ['heightIn', 'Height', 'in', PDF_LIMITS.inches],
  ['fontPt', 'Font size', 'pt', PDF_LIMITS.fontPt],
] as const;

/** Checks the form's three fields; each problem is one message naming the field and the range. */
export function parsePdfSize(input: PdfSizeInput): PdfSizeResult {
  const errors: string[] = [];
  const size: Partial<PdfFigureSize> = { legend: input.legend };
  for (const [key, label, unit, { min, max }] of FIELDS) {
    const text = input[key].trim();
    const value = text === '' ? NaN : Number(text);
    if (!Number.isFinite(value) || value < min || value > max)
      errors.push(
        `${label} must be a number from ${min} to ${max} ${unit}${text === '' ? '' : ` (got “${text.slice(0, 20)}”)`}.`,
      );
    else size[key] = value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, size: size as PdfFigureSize };
}

/** The page in PDF points: exactly the chosen inches times 72. */
export function pagePoints(size: PdfFigureSize): { width: number; height: number } {
  return { width: size.widthIn * POINTS_PER_INCH, height: size.heightIn * POINTS_PER_INCH };
}

export function sizeInput(size: Omit<PdfFigureSize, 'legend'>, legend: boolean): PdfSizeInput {
  return { widthIn: String(size.widthIn), heightIn: String(size.heightIn), fontPt: String(size.fontPt), legend };
}

/** A size remembered by this browser, or the default when there is none or it no longer parses. */
export function storedPdfSize(raw: string | null): PdfFigureSize {
  if (!raw) return DEFAULT_PDF_SIZE;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof PdfFigureSize, unknown>>;
    const parsed = parsePdfSize({
      widthIn: String(value.widthIn ?? ''),
      heightIn: String(value.heightIn ?? ''),
      fontPt: String(value.fontPt ?? ''),
      legend: value.legend !== false,
    });
    return parsed.ok ? parsed.size : DEFAULT_PDF_SIZE;
  } catch {
    return DEFAULT_PDF_SIZE;
  }
}
