import { makeRng, type Rng } from '../rng';
import { ints, line, lines, test, type Generator } from './types';

const render = (a: number[]): string => lines([String(a.length), line(a)]);

/** Sorted, then a few random swaps: a long increasing subsequence. */
function nearlySorted(rng: Rng, n: number): number[] {
  const a = ints(rng, n, -1e9, 1e9).sort((x, y) => x - y);
  for (let k = 0; k < n / 500; k++) {
    const i = rng.int(0, n - 1);
    const j = rng.int(0, n - 1);
    [a[i], a[j]] = [a[j] as number, a[i] as number];
  }
  return a;
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render([5])),
    test(1, render([2, 2, 2])),
    test(1, render([9, 7, 4, 1])),
    test(1, render([1, 3, 3, 5, 4, 6])),
    test(2, render(ints(rng, 100, 1, 30))),
    test(2, render(ints(rng, 300, 1, 1e9))),
    test(3, render(ints(rng, 2000, -1e9, 1e9))),
    test(3, render(ints(rng, 2000, -100, 100))),
    test(3, render(nearlySorted(rng, 2000))),
    test(4, render(ints(rng, 50_000, -1e9, 1e9))),
    test(4, render(nearlySorted(rng, 50_000))),
  ];
};
