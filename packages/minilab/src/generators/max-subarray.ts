import { makeRng } from '../rng';
import { ints, line, lines, test, type Generator } from './types';

const render = (a: number[]): string => lines([String(a.length), line(a)]);

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render([-7])),
    test(1, render([-3, -1, -2])),
    test(1, render([0, 0, 0])),
    test(1, render(ints(rng, 8, -10, 10))),
    test(2, render(ints(rng, 150, -1e9, 1e9))),
    test(2, render(ints(rng, 300, -1000, 1000))),
    test(3, render(ints(rng, 2000, -1e9, 1e9))),
    test(3, render(ints(rng, 3000, -1e9, 1e9))),
    test(4, render(ints(rng, 50_000, -1e9, 1e9))),
    test(4, render(ints(rng, 50_000, -1e9, 0))),
  ];
};
