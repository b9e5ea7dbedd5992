import { makeRng } from '../rng';
import { ints, line, lines, test, type Generator } from './types';

const render = (a: number[]): string => lines([String(a.length), line(a)]);

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render([0])),
    test(1, render([3, 3, 3])),
    test(1, render([5, 4, 0, 2])),
    test(1, render(ints(rng, 7, 0, 9))),
    test(2, render(ints(rng, 300, 0, 100))),
    test(2, render(ints(rng, 300, 0, 1000))),
    test(3, render(ints(rng, 3000, 0, 1_000_000))),
    test(3, render(ints(rng, 3000, 0, 1_000_000))),
    test(4, render(ints(rng, 50_000, 0, 1e9))),
    test(4, render(ints(rng, 50_000, 0, 1000))),
  ];
};
