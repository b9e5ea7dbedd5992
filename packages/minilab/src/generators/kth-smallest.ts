import { makeRng, type Rng } from '../rng';
import { ints, line, lines, test, type Generator } from './types';

const render = (k: number, a: number[]): string => lines([line([a.length, k]), line(a)]);
const random = (rng: Rng, n: number, lo: number, hi: number): string => render(rng.int(1, n), ints(rng, n, lo, hi));
const sorted = (rng: Rng, n: number): string =>
  render(
    rng.int(n / 2, n),
    ints(rng, n, -1e9, 1e9).sort((x, y) => x - y),
  );

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render(1, [-4])),
    test(1, render(3, [2, 2, 2])),
    test(1, render(2, [5, -1, 5, 3])),
    test(1, render(4, [9, 8, 7, 6])),
    test(2, random(rng, 200, -100_000, 100_000)),
    test(2, random(rng, 300, -20, 20)),
    test(3, random(rng, 5000, -1e6, 1e6)),
    test(3, sorted(rng, 5000)),
    test(4, random(rng, 50_000, -1e9, 1e9)),
    test(4, random(rng, 50_000, 0, 100)),
  ];
};
