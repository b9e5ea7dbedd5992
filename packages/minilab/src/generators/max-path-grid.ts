import { makeRng, type Rng } from '../rng';
import { ints, line, lines, test, type Generator } from './types';

const render = (g: number[][]): string => lines([line([g.length, g[0]?.length ?? 0]), ...g.map((r) => line(r))]);
const grid = (rng: Rng, h: number, w: number, lo: number, hi: number): number[][] =>
  Array.from({ length: h }, () => ints(rng, w, lo, hi));

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render([[-5]])),
    test(1, render([[1, -2, 3]])),
    test(1, render([[-1], [-2], [-3]])),
    test(
      1,
      render([
        [1, 2],
        [3, 4],
      ]),
    ),
    test(2, render(grid(rng, 6, 7, -100, 100))),
    test(2, render(grid(rng, 8, 8, 0, 1000))),
    test(3, render(grid(rng, 40, 40, -1e6, 1e6))),
    test(3, render(grid(rng, 2, 1000, -1e6, 1e6))),
    test(4, render(grid(rng, 244, 244, -1e6, 1e6))),
    test(4, render(grid(rng, 3, 20_000, -1e6, 1e6))),
  ];
};
