import type { Checker } from './types';
import { decimalEqual } from './decimal';
import { parsePyJson, pyEqual } from './pyjson';

/** True when `actual` (program output) is accepted for `expected` under `checker`. */
export function checkOutput(checker: Checker, actual: string, expected: string): boolean {
  // Every mode accepts the expected text itself: the common case, checked without splitting
  // megabytes of output into lines or tokens.
  if (actual === expected) return true;
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
 * equal pairwise. Whitespace and digits are Python's (str.strip/split, Decimal()), not JavaScript's.
 */
export function lcbStdioEqual(actual: string, expected: string): boolean {
  const a = strippedLines(actual);
  const b = strippedLines(expected);
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    const xs = pySplit(x);
    const ys = pySplit(y);
    if (xs.length !== ys.length) return false;
    for (let j = 0; j < xs.length; j++) {
      const eq = decimalEqual(asciiDigits(xs[j]!), asciiDigits(ys[j]!));
      if (eq !== true) return false;
    }
  }
  return true;
}

// Python's str.isspace(): JavaScript's \s less U+FEFF, plus U+001C-U+001F and U+0085.
function isPySpace(c: number): boolean {
  if (c <= 0x20) return (c >= 0x09 && c <= 0x0d) || c >= 0x1c;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}
const PY_SPLIT = /[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

// Python's str.strip() (a loop: a regex anchored at the end backtracks on long inner runs).
function pyStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isPySpace(s.charCodeAt(a))) a++;
  while (b > a && isPySpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

// Python's strip() and split("\n"), then strip() of each line.
function strippedLines(s: string): string[] {
  return pyStrip(s).split('\n').map(pyStrip);
}

// Python's str.split() without arguments.
function pySplit(s: string): string[] {
  return s.split(PY_SPLIT).filter(Boolean);
}

// Decimal() reads any Unicode decimal digit (Nd) by its value. Unicode encodes them in runs of
// ten, 0 to 9, so a digit's value is its distance from the start of its run, modulo 10.
function asciiDigits(s: string): string {
  return s.replace(/[^\x00-\x7f]/gu, (ch) => {
    if (!/\p{Nd}/u.test(ch)) return ch;
    let start = ch.codePointAt(0)!;
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
    return String((ch.codePointAt(0)! - start) % 10);
  });
}

/**
 * A functional answer (the harness's JSON of the returned value) against the expected JSON, with
 * Python `==` as LiveCodeBench compares them; output that is not JSON is wrong.
 */
export function functionalEqual(actual: string, expected: string): boolean {
  // The expected text itself, if plain JSON (no NaN, which is not equal to itself), is equal: checked
  // with the native parser, ~20x faster than parsePyJson on a big list.
  if (actual === expected) {
    try {
      JSON.parse(actual);
      return true;
    } catch {
      // Python's json reads more than JSON.parse does: decide below.
    }
  }
  try {
    return pyEqual(parsePyJson(actual), parsePyJson(expected));
  } catch {
    return false;
  }
}
