'use client';

import { useState } from 'react';
import { downloadBlob } from '@/components/export-buttons';
import { safeFilename, toCsv } from '@/lib/csv';
import type { RateDifference } from '@frontier/core';
import { matrixCsv, type MatrixRow, type SolveMatrixModel } from '@/lib/matrix/matrix';
import { matrixPng } from './matrix-png';

interface Props {
  model: SolveMatrixModel;
  /** Every row shown (after sort and filters): the CSV. */
  rows: MatrixRow[];
  /** The per-problem tests of "differs" (computed on demand when the filter is off). */
  differences: () => readonly RateDifference[];
  /** The rows in view: the PNG. */
  visibleRows: () => MatrixRow[];
  selectedAlpha: number | null;
  filename: string;
  title: string;
}

// The shared ExportButtons draw Plotly charts; the matrix is DOM cells, so its PNG is drawn on a
// canvas here, with the shared download and CSV helpers.
export function MatrixExport({ model, rows, differences, visibleRows, selectedAlpha, filename, title }: Props) {
  const [error, setError] = useState<string | null>(null);
  const base = safeFilename(filename);
  async function run(format: 'png' | 'csv') {
    setError(null);
    try {
      if (format === 'csv')
        downloadBlob(
          new Blob([toCsv(matrixCsv(model, rows, differences()))], { type: 'text/csv;charset=utf-8' }),
          `${base}.csv`,
        );
      else downloadBlob(await matrixPng(model, visibleRows(), selectedAlpha, title), `${base}.png`);
    } catch (err) {
      setError(`Could not export ${format.toUpperCase()}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return (
    <div className="export-buttons" data-testid="matrix-export">
      <span className="muted">Download</span>
      <button
        type="button"
        data-testid="export-png"
        onClick={() => void run('png')}
        title="The rows in view as a PNG image"
      >
        PNG
      </button>
      <button
        type="button"
        data-testid="export-csv"
        onClick={() => void run('csv')}
        title="Every row shown: problem, difficulty, c/n per checkpoint, then the solved rule, flip α, instability and the differs test"
      >
        CSV
      </button>
      {error && (
        <span role="alert" className="export-error">
          {error}
        </span>
      )}
    </div>
  );
}
