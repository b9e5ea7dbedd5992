import { spreadsheetSafe } from '@frontier/core';
import type { TableColumn, TableRow } from './table';

// RFC 4180: quote fields holding a comma, quote or line break; double inner quotes. Text a
// spreadsheet would evaluate is neutralised (spreadsheetSafe): exports carry imported text.
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'string' ? spreadsheetSafe(value) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\n`;
}

/** A header line, then one chunk of lines per page. A list column's cell is a JSON array. */
export async function* csvTable(
  columns: readonly TableColumn[],
  pages: AsyncIterable<readonly TableRow[]>,
): AsyncGenerator<string> {
  yield csvLine(columns.map((c) => c.name));
  const cell = columns.map((c) =>
    c.list ? (row: TableRow) => JSON.stringify(row[c.name] ?? []) : (row: TableRow) => row[c.name],
  );
  for await (const page of pages) {
    if (page.length > 0) yield page.map((row) => csvLine(cell.map((f) => f(row)))).join('');
  }
}
