import { makeRng, type Rng } from '../rng';
import { line, lines, test, type Generator } from './types';

type Query = [number, number];
const render = (a: number[], qs: Query[]): string =>
  lines([line([a.length, qs.length]), line(a), ...qs.map((x) => line(x))]);

/** Values share random small factors, so range gcds are often above 1. */
function values(rng: Rng, n: number, max: number): number[] {
  const base = rng.pick([1, 2, 6, 12, 30, 210]);
  return Array.from({ length: n }, () => base * rng.int(1, Math.max(1, Math.floor(max / base))));
}

function random(rng: Rng, n: number, q: number, max: number): string {
  const qs = Array.from({ length: q }, (): Query => {
    const l = rng.int(1, n);
    return [l, rng.int(l, Math.min(n, l + rng.pick([1, 10, n])))];
  });
  return render(values(rng, n, max), qs);
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render([12], [[1, 1]])),
    test(
      1,
      render(
        [4, 6, 8],
        [
          [1, 3],
          [2, 3],
          [2, 2],
          [3, 3],
        ],
      ),
    ),
    test(
      1,
      render(
        [7, 7, 1, 14],
        [
          [1, 2],
          [1, 4],
          [4, 4],
        ],
      ),
    ),
    test(2, random(rng, 100, 100, 1000)),
    test(2, random(rng, 300, 300, 1e9)),
    test(3, random(rng, 2000, 2000, 1e9)),
    test(3, random(rng, 2000, 2000, 1e6)),
    test(4, random(rng, 30_000, 30_000, 1e9)),
    test(4, random(rng, 30_000, 30_000, 1e9)),
  ];
};
