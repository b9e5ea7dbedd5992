import { makeRng, type Rng } from '../rng';
import { ints, line, lines, test, type Generator } from './types';

const render = (k: number, a: number[]): string => lines([line([a.length, k]), line(a)]);
const random = (rng: Rng, n: number, span: number): string => render(rng.int(-span, span), ints(rng, n, -span, span));

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render(10, [5])),
    test(1, render(6, [3, 3, 3, 3])),
    test(1, render(0, [-2, 2, 0, 0, -2])),
    test(1, render(100, [1, 2, 3, 4])),
    test(2, random(rng, 200, 20)),
    test(2, random(rng, 400, 300)),
    test(3, random(rng, 3000, 1000)),
    test(3, random(rng, 3000, 1e9)),
    test(4, random(rng, 50_000, 100_000)),
    test(4, random(rng, 50_000, 1e9)),
  ];
};
