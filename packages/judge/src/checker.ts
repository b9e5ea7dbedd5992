import type { Checker } from './types';
import { decimalEqual } from './decimal';

/** True when `actual` (program output) is accepted for `expected` under `checker`. */
export function checkOutput(checker: Checker, actual: string, expected: string): boolean {
  switch (checker.mode) {
    case 'exact':
      return actual === expected;
    case 'tokens':
      return tokensEqual(tokens(actual), tokens(expected), (a, b) => a === b);
    case 'float': {
      const abs = checker.absTol ?? 1e-6;
      const rel = checker.relTol ?? 1e-6;
      return tokensEqual(tokens(actual), tokens(expected), (a, b) => a === b || floatClose(a, b, abs, rel));
    }
    case 'lcb':
      return lcbStdioEqual(actual, expected);
  }
}

function tokens(s: string): string[] {
  const t = s.split(/\s+/);
  if (t[0] === '') t.shift();
  if (t[t.length - 1] === '') t.pop();
  return t;
}

function tokensEqual(a: string[], b: string[], eq: (x: string, y: string) => boolean): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!eq(a[i]!, b[i]!)) return false;
  return true;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Both numbers, and |a-b| <= abs or <= rel*|b| (b the expected value). */
export function floatClose(a: string, b: string, abs: number, rel: number): boolean {
  if (!NUMBER.test(a) || !NUMBER.test(b)) return false;
  const x = Number(a);
  const y = Number(b);
  const d = Math.abs(x - y);
  return d <= abs || d <= rel * Math.abs(y);
}

/**
 * LiveCodeBench's `grade_stdio`: strip both, split into lines, strip each line; same number of
 * lines; each line equal as text, or else both parse as whitespace-separated Decimals that are
 * equal pairwise.
 */
export function lcbStdioEqual(actual: string, expected: string): boolean {
  const a = strippedLines(actual);
  const b = strippedLines(expected);
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    const xs = x.split(/\s+/).filter(Boolean);
    const ys = y.split(/\s+/).filter(Boolean);
    if (xs.length !== ys.length) return false;
    for (let j = 0; j < xs.length; j++) {
      const eq = decimalEqual(xs[j]!, ys[j]!);
      if (eq !== true) return false;
    }
  }
  return true;
}

// Python's str.strip() and split("\n") (whitespace as Python defines it for ASCII text).
function strippedLines(s: string): string[] {
  return s.trim().split('\n').map((l) => l.trim());
}

/**
 * Python `==` between JSON values as LiveCodeBench compares a functional answer with the
 * expected one (tuples already turned into lists by the harness): numbers compare by value,
 * booleans equal 1 and 0.
 */
export function pyEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'boolean') a = a ? 1 : 0;
  if (typeof b === 'boolean') b = b ? 1 : 0;
  if (a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => pyEqual(x, b[i]));
  }
  if (typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a as object);
    const kb = Object.keys(b as object);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.hasOwn(b as object, k) && pyEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}
