import { spreadsheetSafe } from '@frontier/core';

// CSV for the "download the plotted data" buttons (RFC 4180: comma-separated, CRLF line ends,
// fields quoted when they hold a comma, quote or line break). Numbers are written in full
// precision so the file carries exactly what was plotted; text a spreadsheet would evaluate is
// neutralised (spreadsheetSafe).

export type CsvCell = string | number | null | undefined;

export interface CsvTable {
  header: string[];
  rows: CsvCell[][];
}

function field(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = spreadsheetSafe(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv({ header, rows }: CsvTable): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** A file name safe on every OS: lower-case words joined by dashes, e.g. "study-3-frontier". */
export function safeFilename(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
  return cleaned === '' ? 'export' : cleaned;
}
