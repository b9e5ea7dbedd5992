import { makeRng, type Rng } from '../rng';
import { ints, line, lines, test, type Generator } from './types';

const render = (k: number, a: number[]): string => lines([line([a.length, k]), line(a)]);
const random = (rng: Rng, n: number, k: number, span: number): string => render(k, ints(rng, n, -span, span));

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render(1, [6])),
    test(1, render(1, [3, -1, 2])),
    test(1, render(4, [2, 7, 7, -3])),
    test(1, render(2, [5, 5, 5, 1, 5])),
    test(2, random(rng, 100, 7, 10)),
    test(2, random(rng, 300, 40, 1e9)),
    test(3, random(rng, 3000, 1000, 1e9)),
    test(3, random(rng, 3000, 200, 50)),
    test(4, random(rng, 50_000, 10_000, 1e9)),
    test(4, random(rng, 50_000, 6000, 1000)),
  ];
};
