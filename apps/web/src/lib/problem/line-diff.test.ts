import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, diffStats, sideBySide, splitLines, type DiffOp } from './line-diff';

/** Rebuilds both texts from a script: the left from same+del, the right from same+add. */
function apply(ops: DiffOp[]) {
  return {
    a: ops.filter((o) => o.kind !== 'add').map((o) => o.text),
    b: ops.filter((o) => o.kind !== 'del').map((o) => o.text),
  };
}

/** Length of a longest common subsequence, by dynamic programming (the reference). */
function lcs(a: string[], b: string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
  return dp[a.length]![b.length]!;
}

describe('splitLines', () => {
  it('splits on LF and CRLF without a trailing empty line', () => {
    expect(splitLines('a\nb\r\nc\n')).toEqual(['a', 'b', 'c']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n')).toEqual(['']);
  });
});

describe('diffLines', () => {
  it('marks identical texts as unchanged', () => {
    const ops = diffLines(['x', 'y'], ['x', 'y']);
    expect(ops.every((o) => o.kind === 'same')).toBe(true);
  });

  it('finds a one-line change in the middle', () => {
    const ops = diffLines(['a', 'b', 'c'], ['a', 'B', 'c']);
    expect(ops.map((o) => o.kind)).toEqual(['same', 'del', 'add', 'same']);
    expect(diffStats(ops)).toEqual({ added: 1, removed: 1 });
  });

  it('handles empty sides', () => {
    expect(diffLines([], ['a', 'b']).map((o) => o.kind)).toEqual(['add', 'add']);
    expect(diffLines(['a'], []).map((o) => o.kind)).toEqual(['del']);
    expect(diffLines([], [])).toEqual([]);
  });

  it('is the classic example with a shortest script (ABCABBA -> CBABAC: 5 edits)', () => {
    const ops = diffLines([...'ABCABBA'], [...'CBABAC']);
    const { added, removed } = diffStats(ops);
    expect(added + removed).toBe(5);
    expect(apply(ops)).toEqual({ a: [...'ABCABBA'], b: [...'CBABAC'] });
  });

  it('reproduces both inputs, keeps line numbers in order, and is minimal (property)', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 25 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const ops = diffLines(a, b);
        expect(apply(ops)).toEqual({ a, b });
        const aIdx = ops.flatMap((o) => (o.kind === 'add' ? [] : [o.a]));
        const bIdx = ops.flatMap((o) => (o.kind === 'del' ? [] : [o.b]));
        expect(aIdx).toEqual(a.map((_, i) => i));
        expect(bIdx).toEqual(b.map((_, i) => i));
        expect(ops.filter((o) => o.kind === 'same').length).toBe(lcs(a, b));
      }),
      { numRuns: 300 },
    );
  });
});

describe('sideBySide', () => {
  it('pairs deletions with the additions that follow them', () => {
    const rows = sideBySide(diffLines(['a', 'x', 'y', 'b'], ['a', 'z', 'b', 'c']));
    expect(rows.map((r) => r.kind)).toEqual(['same', 'changed', 'del', 'same', 'add']);
    expect(rows[1]).toEqual({ kind: 'changed', left: { line: 1, text: 'x' }, right: { line: 1, text: 'z' } });
    expect(rows[4]).toEqual({ kind: 'add', right: { line: 3, text: 'c' } });
  });
});
