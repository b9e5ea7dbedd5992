import { makeRng, type Rng } from '../rng';
import { ints, line, lines, test, type Generator } from './types';

const render = (a: number[]): string => lines([String(a.length), line(a)]);
const random = (rng: Rng, n: number, lo: number, hi: number): string => render(ints(rng, n, lo, hi));
const sorted = (rng: Rng, n: number, lo: number, hi: number): string =>
  render(ints(rng, n, lo, hi).sort((x, y) => x - y));

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render([0])),
    test(1, render([4, 4, 4, 4])),
    test(1, render([-3, 3, -3, 0, 3])),
    test(1, random(rng, 8, -5, 5)),
    test(2, random(rng, 200, -50, 50)),
    test(2, random(rng, 400, -1000, 1000)),
    test(3, random(rng, 5000, -1_000_000, 1_000_000)),
    test(3, sorted(rng, 5000, 0, 2000)),
    test(4, random(rng, 100_000, -1e9, 1e9)),
    test(4, random(rng, 100_000, -50_000, 50_000)),
  ];
};
