import type { ReleaseWindow } from '@frontier/core';
import { writeTable, type ParquetTableOptions, type TableFormat } from '@frontier/formats';
import type { Db } from '../client';
import { EXPORT_COLUMNS, exportRows } from './export-rows';
import { exportSamples, sampleExportColumns } from './export-samples';

export interface StudyExportOptions extends ParquetTableOptions {
  format: TableFormat;
  /** One row per sample instead of per (checkpoint, setting, problem). */
  samples?: boolean;
  /** With `samples`: each sample's program too. */
  code?: boolean;
  /** Sample rows per database round trip (default 5,000). */
  pageSize?: number;
  /** Rows of problems the study excludes too (left out by default). */
  includeExcluded?: boolean;
  /** Only problems released within it (undated ones are left out when it has a bound). */
  window?: ReleaseWindow;
}

/**
 * A study's export as chunks to write or send in order (CSV text, Parquet bytes), read and
 * encoded as they are pulled: what `frontier export` and GET /api/studies/:id/export share.
 */
export function studyExport(db: Db, studyId: number, options: StudyExportOptions): AsyncGenerator<string | Uint8Array> {
  if (options.code && !options.samples) throw new RangeError('code needs samples: aggregate rows have no programs');
  return options.samples
    ? writeTable(
        options.format,
        sampleExportColumns(options.code ?? false),
        exportSamples(db, studyId, options),
        options,
      )
    : writeTable(options.format, EXPORT_COLUMNS, exportRows(db, studyId, options), options);
}
