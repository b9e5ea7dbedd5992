import { useCallback, useEffect, useState } from 'react';

// Which rows of the solve matrix are in the DOM, and which of those have their cells yet.
//
// Only the rows in the scroll viewport plus some overscan are rendered. Mounting a row's cells is
// what costs (about 40 links with text, then their style, layout and paint: some 4 ms a row on a
// busy 2-core machine): a whole window of them at once (a new sort, a jump of the scrollbar, the
// first render) is several frames' worth of work. So a window's rows get their cells one batch per
// animation frame, those in view first; the others show their label until their turn. A wheel
// step moves the window by less than the overscan, so the rows it brings in are filled before
// they scroll into view.

export const ROW_HEIGHT = 24;
export const LABEL_WIDTH = 300;
export const CELL_WIDTH = 56;
const OVERSCAN = 8;
/** Cells mounted per frame: 6 rows of 40 checkpoints, about 25 ms of a frame's 50 on a busy 2-core machine. */
const CELLS_PER_FRAME = 240;

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

export function rowsPerFrame(columns: number): number {
  return Math.max(1, Math.floor(CELLS_PER_FRAME / Math.max(1, columns)));
}

export interface RowWindow {
  top: number;
  height: number;
  /** Keys of the rows of the window that have their cells. */
  ready: ReadonlySet<number>;
}

/** Row positions of the window in the order they get their cells: in view top to bottom, then below, then above. */
export function fillOrder(top: number, height: number, total: number): number[] {
  const outer = visibleWindow(top, height, total);
  const inner = visibleWindow(top, height, total, 0);
  const order: number[] = [];
  for (let i = inner.first; i < inner.last; i++) order.push(i);
  for (let i = Math.max(inner.last, outer.first); i < outer.last; i++) order.push(i);
  for (let i = Math.min(inner.first, outer.last) - 1; i >= outer.first; i--) order.push(i);
  return order;
}

/** The window at `top`/`height`: rows that had their cells keep them, and up to `perFrame` more get theirs. */
export function advance(w: RowWindow, keys: readonly number[], perFrame: number): RowWindow {
  const ready = new Set<number>();
  let granted = 0;
  for (const i of fillOrder(w.top, w.height, keys.length)) {
    const key = keys[i]!;
    if (w.ready.has(key)) ready.add(key);
    else if (granted < perFrame) {
      ready.add(key);
      granted++;
    }
  }
  return { ...w, ready };
}

/** Whether the rows shown differ between two scroll positions (scrolling within a row changes nothing). */
export function sameRows(a: number, b: number, height: number): boolean {
  return (
    Math.floor(a / ROW_HEIGHT) === Math.floor(b / ROW_HEIGHT) &&
    Math.ceil((a + height) / ROW_HEIGHT) === Math.ceil((b + height) / ROW_HEIGHT)
  );
}

/**
 * The window over `keys` (one per row, in display order) and its setters. A window first renders
 * its rows' labels (the frame that swaps a whole window, for a new sort, has enough to do), then
 * its rows get their cells a batch per animation frame; with `fillAtOnce` the first render has
 * them all (the server's markup, which the browser shows before any script has run).
 */
export function useRowWindow(keys: readonly number[], columns: number, fillAtOnce: boolean) {
  const perFrame = rowsPerFrame(columns);
  const [w, setW] = useState<RowWindow>(() =>
    advance({ top: 0, height: 600, ready: new Set() }, keys, fillAtOnce ? Infinity : 0),
  );
  const { first, last } = visibleWindow(w.top, w.height, keys.length);
  let pending = 0;
  for (let i = first; i < last; i++) if (!w.ready.has(keys[i]!)) pending++;

  useEffect(() => {
    if (pending === 0) return;
    const frame = requestAnimationFrame(() => setW((prev) => advance(prev, keys, perFrame)));
    return () => cancelAnimationFrame(frame);
  }, [w, keys, perFrame, pending]);

  // Scrolling and resizing move the window; its new rows get their cells in the next frames (the
  // effect above), so several scroll events in one frame still mount one batch.
  const resize = useCallback(
    (height: number) => setW((prev) => (prev.height === height ? prev : { ...prev, height })),
    [],
  );
  const scrollTo = useCallback(
    (top: number) => setW((prev) => (sameRows(prev.top, top, prev.height) ? prev : { ...prev, top })),
    [],
  );
  return { window: w, first, last, pending, scrollTo, resize };
}
