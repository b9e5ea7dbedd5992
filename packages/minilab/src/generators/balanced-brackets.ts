import { makeRng, type Rng } from '../rng';
import { lines, test, type Generator } from './types';

const OPEN = '([{';
const CLOSE = ')]}';

/** A balanced string of length 2 * pairs; deep makes it nest rather than sit side by side. */
function balanced(rng: Rng, pairs: number, deep: boolean): string {
  const out: string[] = [];
  const stack: number[] = [];
  let opened = 0;
  while (out.length < 2 * pairs) {
    const canOpen = opened < pairs;
    const open = canOpen && (stack.length === 0 || rng.next() < (deep ? 0.85 : 0.5));
    if (open) {
      const k = rng.int(0, 2);
      stack.push(k);
      out.push(OPEN[k] as string);
      opened++;
    } else {
      out.push(CLOSE[stack.pop() as number] as string);
    }
  }
  return out.join('');
}

/** Half the time, break the string with one changed character. */
function maybeBreak(rng: Rng, s: string): string {
  if (rng.next() < 0.5) return s;
  const i = rng.int(0, s.length - 1);
  return s.slice(0, i) + rng.pick(['(', ')', '[', ']', '{', '}']) + s.slice(i + 1);
}

function batch(rng: Rng, t: number, pairs: number, deep: boolean): string {
  const rows = Array.from({ length: t }, () => maybeBreak(rng, balanced(rng, rng.int(1, pairs), deep)));
  return lines([String(t), ...rows]);
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, lines(['4', '(', ')', '()', '([)]'])),
    test(1, lines(['4', '{[]}', '((', '][', '()[]{}'])),
    test(1, batch(rng, 5, 3, false)),
    test(2, batch(rng, 20, 25, false)),
    test(2, batch(rng, 20, 25, true)),
    test(3, batch(rng, 10, 1000, false)),
    test(3, batch(rng, 10, 1000, true)),
    test(4, batch(rng, 4, 50_000, true)),
    test(4, lines(['2', '('.repeat(50_000) + ')'.repeat(50_000), '[{'.repeat(25_000) + '}]'.repeat(25_000)])),
  ];
};
