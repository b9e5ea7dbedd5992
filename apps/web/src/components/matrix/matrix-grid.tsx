'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useSyncExternalStore, type CSSProperties, type MouseEvent } from 'react';
import type { MatrixRow, SolveMatrixModel } from '@/lib/matrix/matrix';
import { formatAlpha } from '@/lib/format';
import { isEndpointRole } from '@frontier/core';
import { MatrixRowView, sameAlpha } from './matrix-row';
import { CELL_WIDTH, LABEL_WIDTH, ROW_HEIGHT, useRowWindow, visibleWindow, type VisibleWindow } from './matrix-window';

export type { VisibleWindow } from './matrix-window';

const noSubscription = () => () => {};
/** False in the server's markup and during hydration, true once React handles events. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

interface Props {
  model: SolveMatrixModel;
  rows: MatrixRow[];
  selectedAlpha: number | null;
  onSelectAlpha: (alpha: number | null) => void;
  /** Stable across renders (the rows are memoised on it). */
  cellHref: (row: MatrixRow, column: number) => string;
  /** Called with the rows in view, for the PNG export. */
  onWindow?: (w: VisibleWindow) => void;
}

/**
 * The heatmap, virtualised: only the rows in the scroll viewport (plus overscan) are in the DOM,
 * absolutely placed inside a body as tall as all rows, so 1,000+ problems scroll smoothly. A
 * scroll re-renders only when the rows in view change, and then mounts only the rows that came in
 * (MatrixRowView is memoised), a frame's worth at a time (see matrix-window.ts).
 * `data-pending-rows` counts the rows of the window still waiting for their cells.
 */
export function MatrixGrid({ model, rows, selectedAlpha, onSelectAlpha, cellHref, onWindow }: Props) {
  const router = useRouter();
  const scrollRef = useRef<HTMLDivElement>(null);
  const keys = useMemo(() => rows.map((r) => r.problem.id), [rows]);
  const cols = model.columns;
  // The page's first render fills its window, so the server's markup shows the matrix; a grid
  // mounted later (a new sort, new filters) fills its window over a few frames.
  const { window: view, first, last, pending, scrollTo, resize } = useRowWindow(keys, cols.length, !useHydrated());
  const { top, height, ready } = view;

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => resize(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [resize]);

  useEffect(() => onWindow?.(visibleWindow(top, height, rows.length, 0)), [top, height, rows.length, onWindow]);

  // One handler for every cell's link: a client-side navigation for a plain click; a modified or
  // middle click keeps the browser's own behaviour (new tab, new window).
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = (e.target as Element).closest<HTMLAnchorElement>('a.mx-cell');
    if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    router.push(link.getAttribute('href')!);
  };

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
      data-pending-rows={pending}
      onScroll={(e) => scrollTo(e.currentTarget.scrollTop)}
      onClick={onClick}
      role="grid"
      aria-rowcount={rows.length + 1}
      aria-colcount={cols.length + 1}
    >
      <div className="mx-head" style={{ width: LABEL_WIDTH + cols.length * CELL_WIDTH }}>
        {multiScale && (
          <div className="mx-row mx-groups" style={template}>
            <div className="mx-label" />
            {model.groups.map((g) => (
              <div
                key={g.scale}
                className="mx-group"
                style={{ gridColumn: `${g.start + 2} / span ${g.count}` }}
                data-testid="matrix-scale-group"
              >
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
      <div
        className="mx-body"
        style={{ height: rows.length * ROW_HEIGHT, width: LABEL_WIDTH + cols.length * CELL_WIDTH }}
      >
        {rows.slice(first, last).map((row, i) => (
          <MatrixRowView
            key={row.problem.id}
            row={row}
            position={first + i}
            full={ready.has(row.problem.id)}
            columns={cols}
            selectedAlpha={selectedAlpha}
            cellHref={cellHref}
          />
        ))}
      </div>
    </div>
  );
}
