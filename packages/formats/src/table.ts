import { csvTable } from './table-csv';
import { parquetTable, type ParquetTableOptions } from './table-parquet';

// A table to write out (an export): its columns, typed so that Parquet keeps the types and CSV
// knows which cells hold lists; rows arrive in pages, so no writer ever holds the whole table.

export interface TableColumn {
  name: string;
  type: 'string' | 'int' | 'double';
  /** A list of `type` (per-test values): a Parquet LIST, a JSON array in a CSV cell. Never null. */
  list?: boolean;
  /** May be null (a scalar; a list's elements always may). */
  nullable?: boolean;
}

export type TableRow = Record<string, unknown>;

export const TABLE_FORMATS = {
  csv: { mediaType: 'text/csv; charset=utf-8', extension: 'csv' },
  parquet: { mediaType: 'application/vnd.apache.parquet', extension: 'parquet' },
} as const;

export type TableFormat = keyof typeof TABLE_FORMATS;

export const isTableFormat = (s: string): s is TableFormat => Object.hasOwn(TABLE_FORMATS, s);

/** The table in `format`, as chunks to write or send in order: CSV text, or Parquet bytes. */
export function writeTable(
  format: TableFormat,
  columns: readonly TableColumn[],
  pages: AsyncIterable<readonly TableRow[]>,
  options: ParquetTableOptions = {},
): AsyncGenerator<string | Uint8Array> {
  return format === 'csv' ? csvTable(columns, pages) : parquetTable(columns, pages, options);
}
