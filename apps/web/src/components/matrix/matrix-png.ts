import { describeSolvedRule } from '@frontier/core';
import type { MatrixRow, SolveMatrixModel } from '@/lib/matrix/matrix';
import { NO_DATA_COLOR, rateColor, rateTextColor } from '@/lib/matrix/matrix-colors';
import { formatAlpha } from '@/lib/format';

const ROW = 22;
const CELL = 52;
const LABEL = 220;
const HEAD = 40;
const SCALE = 2; // pixel ratio of the image, for print

/** The given rows of the heatmap (what is in view) drawn on a canvas, as a PNG Blob. */
export async function matrixPng(
  model: SolveMatrixModel,
  rows: readonly MatrixRow[],
  selectedAlpha: number | null,
  title: string,
): Promise<Blob> {
  const cols = model.columns;
  const width = LABEL + cols.length * CELL + 16;
  const height = HEAD + 24 + rows.length * ROW + 16;
  const canvas = document.createElement('canvas');
  canvas.width = width * SCALE;
  canvas.height = height * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw on a canvas');
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#1d2330';
  ctx.font = '600 13px system-ui, sans-serif';
  ctx.fillText(title, 8, 14);
  ctx.font = '11px system-ui, sans-serif';
  // The amber foot marks cells the solved rule counts as solved: the image says which rule.
  ctx.fillStyle = '#5f6b7a';
  ctx.fillText(`cells c/n; amber foot: solved (${describeSolvedRule(model.rule)}); ⟲ unstable along α`, 8, 30);
  const y0 = HEAD + 24;
  cols.forEach((c, j) => {
    const x = LABEL + j * CELL;
    const selected = c.alpha !== null && selectedAlpha !== null && Math.abs(c.alpha - selectedAlpha) < 1e-9;
    ctx.fillStyle = selected ? '#2f5bd3' : '#5f6b7a';
    ctx.textAlign = 'center';
    if (model.groups.length > 1 && model.groups.some((g) => g.start === j))
      ctx.fillText(c.scale, x + CELL / 2, HEAD - 4);
    ctx.fillText(c.alpha === null ? c.role.toLowerCase() : `α ${formatAlpha(c.alpha)}`, x + CELL / 2, HEAD + 12);
  });
  rows.forEach((row, i) => {
    const y = y0 + i * ROW;
    ctx.textAlign = 'left';
    ctx.fillStyle = '#1d2330';
    const label = `${row.unstable ? '⟲ ' : ''}${row.problem.externalId} ${row.problem.title}`;
    ctx.fillText(label.length > 34 ? `${label.slice(0, 33)}…` : label, 8, y + ROW / 2);
    cols.forEach((_, j) => {
      const x = LABEL + j * CELL;
      const n = row.n[j]!;
      const rate = row.rates[j]!;
      ctx.fillStyle = n > 0 ? rateColor(rate) : NO_DATA_COLOR;
      ctx.fillRect(x + 1, y + 1, CELL - 2, ROW - 2);
      if (row.pattern[j] === '1') {
        ctx.fillStyle = '#e8a317';
        ctx.fillRect(x + 1, y + ROW - 4, CELL - 2, 3);
      }
      ctx.textAlign = 'center';
      ctx.fillStyle = n > 0 ? rateTextColor(rate) : '#5f6b7a';
      ctx.fillText(n > 0 ? `${row.c[j]}/${n}` : n === 0 ? '0/0' : 'no data', x + CELL / 2, y + ROW / 2);
    });
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the image could not be encoded'))), 'image/png'),
  );
}
