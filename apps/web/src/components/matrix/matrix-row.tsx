'use client';

import { memo } from 'react';
import type { MatrixColumn, MatrixRow } from '@/lib/matrix/matrix';
import { NO_DATA_COLOR, rateColor, rateTextColor } from '@/lib/matrix/matrix-colors';
import { CELL_WIDTH, LABEL_WIDTH, ROW_HEIGHT } from './matrix-window';

// A study's rates are c/n for a few n: one colour string per distinct rate, not per cell.
const colors = new Map<number, { background: string; color: string }>();
function cellColors(rate: number) {
  let c = colors.get(rate);
  if (!c) {
    c = { background: rateColor(rate), color: rateTextColor(rate) };
    if (colors.size < 10_000) colors.set(rate, c);
  }
  return c;
}

export const sameAlpha = (a: number | null, b: number | null) => a !== null && b !== null && Math.abs(a - b) < 1e-9;

interface Props {
  row: MatrixRow;
  /** Position in the rows shown (after sort and filters). */
  position: number;
  /** With its cells; without, only the label shows (the cells come a frame or two later, see matrix-window.ts). */
  full: boolean;
  columns: MatrixColumn[];
  selectedAlpha: number | null;
  cellHref: (row: MatrixRow, column: number) => string;
}

/**
 * One problem's row. Memoised: scrolling mounts the rows that come into view and leaves the others
 * alone, so a scroll step costs the new rows, not the whole window. Cells are plain links (the grid
 * handles their clicks, see MatrixGrid): a next/link per cell costs several hooks each, and a window
 * holds about 2,000 cells.
 */
export const MatrixRowView = memo(function MatrixRowView({
  row,
  position,
  full,
  columns,
  selectedAlpha,
  cellHref,
}: Props) {
  return (
    <div
      className={`mx-row mx-body-row${full ? '' : ' mx-pending'}`}
      role="row"
      aria-rowindex={position + 2}
      style={{ top: position * ROW_HEIGHT, height: ROW_HEIGHT, width: LABEL_WIDTH + columns.length * CELL_WIDTH }}
      data-testid={full ? 'matrix-row' : 'matrix-row-pending'}
      data-row-index={position}
      data-problem-id={row.problem.id}
      data-external-id={row.problem.externalId}
      data-spread={row.spread}
      data-flip-alpha={row.flipAlpha ?? ''}
      data-unstable={row.unstable}
    >
      <div
        className="mx-label"
        role="rowheader"
        style={{ width: LABEL_WIDTH }}
        title={`${row.problem.externalId} ${row.problem.title} (${row.problem.difficulty})`}
      >
        <span className={`mx-diff mx-diff-${row.problem.difficulty}`}>{row.problem.difficulty}</span>
        <span className="mx-id">{row.problem.externalId}</span>
        <span className="mx-title">{row.problem.title}</span>
        {row.unstable && (
          <span
            className="mx-unstable"
            data-testid="unstable-mark"
            title="Unstable: the rate dips and recovers (or peaks and falls back) along α beyond the 95% intervals"
            aria-label="unstable"
          >
            ⟲
          </span>
        )}
      </div>
      {full &&
        columns.map((c, j) => {
          const n = row.n[j]!;
          const solved = row.c[j]!;
          const rate = row.rates[j]!;
          const has = n > 0;
          return (
            <a
              key={c.id}
              href={cellHref(row, j)}
              role="gridcell"
              className={`mx-cell${has ? '' : ' mx-nodata'}${row.pattern[j] === '1' ? ' mx-solved' : ''}${sameAlpha(c.alpha, selectedAlpha) ? ' selected' : ''}`}
              style={
                has ? { width: CELL_WIDTH, ...cellColors(rate) } : { width: CELL_WIDTH, background: NO_DATA_COLOR }
              }
              data-testid="matrix-cell"
              data-checkpoint-id={c.id}
              data-c={solved}
              data-n={n}
              data-solved={row.pattern[j]}
              title={`${row.problem.externalId} at ${c.name}: ${has ? `${solved}/${n} solved${row.pattern[j] === '1' ? ' (counts as solved)' : ''}` : n === 0 ? 'nothing judged yet' : 'no data'}. Open the drill-down.`}
            >
              {has ? `${solved}/${n}` : n === 0 ? '0/0' : '·'}
            </a>
          );
        })}
    </div>
  );
});
