import { makeRng, type Rng } from '../rng';
import { ints, line, lines, test, type Generator } from './types';

function render(a: number[], queries: [number, number][]): string {
  return lines([line([a.length, queries.length]), line(a), ...queries.map((q) => line(q))]);
}

function random(rng: Rng, n: number, q: number, maxAbs: number): string {
  const a = ints(rng, n, -maxAbs, maxAbs);
  const qs: [number, number][] = Array.from({ length: q }, () => {
    const l = rng.int(1, n);
    return [l, rng.int(l, n)];
  });
  return render(a, qs);
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render([7], [[1, 1]])),
    test(
      1,
      render(
        [-5, 3, -2],
        [
          [1, 3],
          [2, 2],
          [3, 3],
          [1, 1],
        ],
      ),
    ),
    test(
      1,
      render(
        [0, 0, 0, 0],
        [
          [1, 4],
          [2, 3],
        ],
      ),
    ),
    test(1, random(rng, 6, 5, 1e9)),
    test(2, random(rng, 300, 300, 1e9)),
    test(2, random(rng, 500, 500, 1e9)),
    test(3, random(rng, 10_000, 10_000, 1e9)),
    test(3, random(rng, 10_000, 10_000, 1e9)),
    test(4, random(rng, 50_000, 50_000, 1e9)),
    test(4, random(rng, 50_000, 50_000, 1e9)),
  ];
};
