'use client';

import Link from 'next/link';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { MatrixRow, SolveMatrixModel } from '@/lib/matrix';
import { NO_DATA_COLOR, rateColor, rateTextColor } from '@/lib/matrix-colors';
import { formatAlpha } from '@/lib/format';
import { isEndpointRole } from '@frontier/core';

export const ROW_HEIGHT = 24;
export const LABEL_WIDTH = 300;
export const CELL_WIDTH = 56;
const OVERSCAN = 8;

export interface VisibleWindow {
  first: number;
  last: number;
}

/** The rows a viewport of `height` px scrolled to `top` shows, plus some overscan either side. */
export function visibleWindow(top: number, height: number, total: number, overscan = OVERSCAN): VisibleWindow {
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - overscan);
  const last = Math.min(total, Math.ceil((top + height) / ROW_HEIGHT) + overscan);
  return { first, last };
}

interface Props {
  model: SolveMatrixModel;
  rows: MatrixRow[];
  selectedAlpha: number | null;
  onSelectAlpha: (alpha: number | null) => void;
  cellHref: (row: MatrixRow, column: number) => string;
  /** Called with the rows in view, for the PNG export. */
  onWindow?: (w: VisibleWindow) => void;
}

const sameAlpha = (a: number | null, b: number | null) => a !== null && b !== null && Math.abs(a - b) < 1e-9;

/**
 * The heatmap, virtualised: only the rows in the scroll viewport (plus overscan) are in the DOM,
 * absolutely placed inside a body as tall as all rows, so 1,000+ problems scroll smoothly.
 */
export function MatrixGrid({ model, rows, selectedAlpha, onSelectAlpha, cellHref, onWindow }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(600);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { first, last } = visibleWindow(top, height, rows.length);
  useEffect(() => onWindow?.(visibleWindow(top, height, rows.length, 0)), [top, height, rows.length, onWindow]);

  const cols = model.columns;
  const template: CSSProperties = { gridTemplateColumns: `${LABEL_WIDTH}px repeat(${cols.length}, ${CELL_WIDTH}px)` };
  const multiScale = model.groups.length > 1;

  return (
    <div
      ref={scrollRef}
      className="mx-scroll"
      data-testid="matrix-grid"
      data-total-rows={rows.length}
      data-rendered-rows={last - first}
      data-first-row={first}
      onScroll={(e) => setTop(e.currentTarget.scrollTop)}
      role="grid"
      aria-rowcount={rows.length + 1}
      aria-colcount={cols.length + 1}
    >
      <div className="mx-head" style={{ width: LABEL_WIDTH + cols.length * CELL_WIDTH }}>
        {multiScale && (
          <div className="mx-row mx-groups" style={template}>
            <div className="mx-label" />
            {model.groups.map((g) => (
              <div key={g.scale} className="mx-group" style={{ gridColumn: `${g.start + 2} / span ${g.count}` }} data-testid="matrix-scale-group">
                {g.scale || 'no scale'}
              </div>
            ))}
          </div>
        )}
        <div className="mx-row" style={template} role="row">
          <div className="mx-label mx-corner" role="columnheader">
            Problem <span className="muted">· α →</span>
          </div>
          {cols.map((c) => {
            const selected = sameAlpha(c.alpha, selectedAlpha);
            return (
              <button
                key={c.id}
                type="button"
                role="columnheader"
                className={`mx-col${selected ? ' selected' : ''}${isEndpointRole(c.role) ? ' endpoint' : ''}`}
                data-testid="matrix-col"
                data-checkpoint-id={c.id}
                data-alpha={c.alpha ?? ''}
                data-selected={selected || undefined}
                title={`${c.name} (${c.role.toLowerCase()}${c.scale ? `, ${c.scale}` : ''}). Click to ${selected ? 'clear the' : 'select this'} alpha.`}
                onClick={() => onSelectAlpha(selected ? null : c.alpha)}
              >
                {c.alpha === null ? c.role.toLowerCase() : formatAlpha(c.alpha)}
              </button>
            );
          })}
        </div>
      </div>
      <div className="mx-body" style={{ height: rows.length * ROW_HEIGHT, width: LABEL_WIDTH + cols.length * CELL_WIDTH }}>
        {rows.slice(first, last).map((row, i) => {
          const position = first + i;
          return (
            <div
              key={row.problem.id}
              className="mx-row"
              role="row"
              aria-rowindex={position + 2}
              style={{ ...template, position: 'absolute', top: position * ROW_HEIGHT, height: ROW_HEIGHT }}
              data-testid="matrix-row"
              data-row-index={position}
              data-problem-id={row.problem.id}
              data-external-id={row.problem.externalId}
              data-spread={row.spread}
              data-flip-alpha={row.flipAlpha ?? ''}
              data-differs={row.differs}
              data-unstable={row.unstable}
            >
              <div className="mx-label" role="rowheader" title={`${row.problem.externalId} ${row.problem.title} (${row.problem.difficulty})`}>
                <span className={`mx-diff mx-diff-${row.problem.difficulty}`}>{row.problem.difficulty}</span>
                <span className="mx-id">{row.problem.externalId}</span>
                <span className="mx-title">{row.problem.title}</span>
                {row.unstable && (
                  <span className="mx-unstable" data-testid="unstable-mark" title="Unstable: solved, lost and solved again along alpha" aria-label="unstable">
                    ⟲
                  </span>
                )}
              </div>
              {cols.map((c, j) => {
                const n = row.n[j]!;
                const solved = row.c[j]!;
                const rate = row.rates[j]!;
                const has = n > 0;
                const selected = sameAlpha(c.alpha, selectedAlpha);
                return (
                  <Link
                    key={c.id}
                    href={cellHref(row, j)}
                    prefetch={false}
                    role="gridcell"
                    className={`mx-cell${has ? '' : ' mx-nodata'}${selected ? ' selected' : ''}`}
                    style={has ? { background: rateColor(rate), color: rateTextColor(rate) } : { background: NO_DATA_COLOR }}
                    data-testid="matrix-cell"
                    data-checkpoint-id={c.id}
                    data-c={solved}
                    data-n={n}
                    title={`${row.problem.externalId} at ${c.name}: ${has ? `${solved}/${n} solved` : n === 0 ? 'nothing judged yet' : 'no data'}. Open the drill-down.`}
                  >
                    {has ? `${solved}/${n}` : n === 0 ? '0/0' : '·'}
                  </Link>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
