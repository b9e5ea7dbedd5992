// A line diff (Myers' O(ND) algorithm, "An O(ND) Difference Algorithm and Its Variations",
// 1986) and its side-by-side layout, for comparing two samples' code. Pure: no DOM, no I/O.

export type DiffOp =
  | { kind: 'same'; a: number; b: number; text: string }
  | { kind: 'del'; a: number; text: string }
  | { kind: 'add'; b: number; text: string };

/** Lines of a text: "\r\n" and "\n" both end a line; a final newline adds no empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * A shortest edit script turning `a` into `b`, as one op per line in order (0-based line indices).
 * Common prefix and suffix are stripped first, so near-identical programs cost little.
 */
export function diffLines(a: readonly string[], b: readonly string[]): DiffOp[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: DiffOp[] = [];
  for (let i = 0; i < start; i++) ops.push({ kind: 'same', a: i, b: i, text: a[i]! });
  ops.push(...myers(a, b, start, endA, start, endB));
  for (let i = endA, j = endB; i < a.length; i++, j++) ops.push({ kind: 'same', a: i, b: j, text: a[i]! });
  return ops;
}

/** Myers' greedy forward search over a[a0, a1) and b[b0, b1), then a walk back along the trace. */
function myers(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number): DiffOp[] {
  const n = a1 - a0;
  const m = b1 - b0;
  const max = n + m;
  if (max === 0) return [];
  const offset = max + 1;
  // v[k + offset] = furthest x on diagonal k; one copy per d for the walk back.
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[k - 1 + offset]! < v[k + 1 + offset]!) ? v[k + 1 + offset]! : v[k - 1 + offset]! + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      next[k + offset] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    v = next;
  }
  // Walk back from (n, m): trace[d] holds the frontier before step d.
  const ops: DiffOp[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const prev = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && prev[k - 1 + offset]! < prev[k + 1 + offset]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = prev[prevK + offset]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({ kind: 'same', a: a0 + x, b: b0 + y, text: a[a0 + x]! });
    }
    if (down) {
      y--;
      ops.push({ kind: 'add', b: b0 + y, text: b[b0 + y]! });
    } else {
      x--;
      ops.push({ kind: 'del', a: a0 + x, text: a[a0 + x]! });
    }
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    ops.push({ kind: 'same', a: a0 + x, b: b0 + y, text: a[a0 + x]! });
  }
  return ops.reverse();
}

export interface SideCell {
  /** 0-based line index in its own text. */
  line: number;
  text: string;
}

export interface SideBySideRow {
  kind: 'same' | 'changed' | 'del' | 'add';
  left?: SideCell;
  right?: SideCell;
}

/**
 * Rows for a two-column view: unchanged lines side by side, and each run of deletions paired
 * line by line with the run of additions that follows it ("changed"), the excess on its own.
 */
export function sideBySide(ops: readonly DiffOp[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let i = 0;
  while (i < ops.length) {
    const op = ops[i]!;
    if (op.kind === 'same') {
      rows.push({ kind: 'same', left: { line: op.a, text: op.text }, right: { line: op.b, text: op.text } });
      i++;
      continue;
    }
    const dels: SideCell[] = [];
    const adds: SideCell[] = [];
    while (i < ops.length && ops[i]!.kind !== 'same') {
      const o = ops[i]!;
      if (o.kind === 'del') dels.push({ line: o.a, text: o.text });
      else if (o.kind === 'add') adds.push({ line: o.b, text: o.text });
      i++;
    }
    for (let j = 0; j < Math.max(dels.length, adds.length); j++) {
      const left = dels[j];
      const right = adds[j];
      rows.push({
        kind: left && right ? 'changed' : left ? 'del' : 'add',
        ...(left && { left }),
        ...(right && { right }),
      });
    }
  }
  return rows;
}

/** Lines added and removed by a script. */
export function diffStats(ops: readonly DiffOp[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const op of ops) {
    if (op.kind === 'add') added++;
    else if (op.kind === 'del') removed++;
  }
  return { added, removed };
}
