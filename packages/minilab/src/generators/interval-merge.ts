import { makeRng, type Rng } from '../rng';
import { line, lines, test, type Generator } from './types';

type Interval = [number, number];
const render = (iv: Interval[]): string => lines([String(iv.length), ...iv.map((x) => line(x))]);

function random(rng: Rng, n: number, span: number, maxLen: number): Interval[] {
  return Array.from({ length: n }, () => {
    const l = rng.int(-span, span - maxLen);
    return [l, l + rng.int(0, maxLen)] as Interval;
  });
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render([[3, 3]])),
    test(
      1,
      render([
        [1, 10],
        [2, 3],
        [4, 5],
      ]),
    ),
    test(
      1,
      render([
        [1, 2],
        [2, 3],
        [5, 6],
        [-4, -1],
      ]),
    ),
    test(1, render(random(rng, 5, 20, 5))),
    test(2, render(random(rng, 60, 1000, 40))),
    test(2, render(random(rng, 100, 1000, 20))),
    test(3, render(random(rng, 2000, 1_000_000, 1000))),
    test(3, render(random(rng, 3000, 1_000_000, 500))),
    test(4, render(random(rng, 30_000, 1e9, 50_000))),
    test(4, render(random(rng, 30_000, 1e9, 10_000))),
  ];
};
