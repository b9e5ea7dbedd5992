import { describe, expect, it } from 'vitest';
import { advance, fillOrder, rowsPerFrame, sameRows, visibleWindow, ROW_HEIGHT, type RowWindow } from './matrix-window';

const keys = Array.from({ length: 1000 }, (_, i) => 5000 + i);

describe('visibleWindow', () => {
  it('is the rows in view plus 8 either side, within the rows', () => {
    expect(visibleWindow(0, 640, 1000)).toEqual({ first: 0, last: 35 });
    expect(visibleWindow(240, 640, 1000)).toEqual({ first: 2, last: 45 });
    expect(visibleWindow(240, 640, 1000, 0)).toEqual({ first: 10, last: 37 });
    expect(visibleWindow(1000 * ROW_HEIGHT - 640, 640, 1000)).toEqual({ first: 965, last: 1000 });
  });
});

describe('fillOrder', () => {
  it('puts the rows in view first, top to bottom, then those below, then those above nearest first', () => {
    const order = fillOrder(240, 640, 1000);
    expect(order.slice(0, 27)).toEqual(Array.from({ length: 27 }, (_, i) => 10 + i));
    expect(order.slice(27, 35)).toEqual([37, 38, 39, 40, 41, 42, 43, 44]);
    expect(order.slice(35)).toEqual([9, 8, 7, 6, 5, 4, 3, 2]);
    expect(new Set(order).size).toBe(order.length);
  });
});

describe('advance', () => {
  it('gives a new window its cells a batch at a time, those in view first, and keeps what had them', () => {
    let w = advance({ top: 0, height: 640, ready: new Set() }, keys, 6);
    expect([...w.ready]).toEqual(keys.slice(0, 6));
    w = advance(w, keys, 6);
    expect([...w.ready].sort()).toEqual(keys.slice(0, 12));
    for (let i = 0; i < 4; i++) w = advance(w, keys, 6);
    expect(w.ready.size).toBe(35);
    expect(advance(w, keys, 6).ready).toEqual(w.ready);
  });

  it('fills the rows a scroll brings in, below the view first, and drops rows that left the window', () => {
    let w: RowWindow = { top: 0, height: 640, ready: new Set(keys.slice(0, 35)) };
    const moved = advance({ ...w, top: 8 * ROW_HEIGHT }, keys, 6);
    expect(moved.ready).toEqual(new Set(keys.slice(0, 41)));
    w = { ...moved, top: 16 * ROW_HEIGHT };
    expect(advance(w, keys, 6).ready).toEqual(new Set(keys.slice(8, 47)));
  });
});

describe('rowsPerFrame and sameRows', () => {
  it('sizes a batch by cells and tells when a scroll changes the rows', () => {
    expect(rowsPerFrame(40)).toBe(6);
    expect(rowsPerFrame(400)).toBe(1);
    expect(sameRows(0, 5, 640)).toBe(true);
    expect(sameRows(0, 10, 640)).toBe(false); // the bottom edge moved to the next row
    expect(sameRows(0, 24, 640)).toBe(false);
  });
});
