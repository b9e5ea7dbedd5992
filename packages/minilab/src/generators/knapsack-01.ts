import { makeRng, type Rng } from '../rng';
import { line, lines, test, type Generator } from './types';

type Item = [number, number];
const render = (W: number, items: Item[]): string => lines([line([items.length, W]), ...items.map((x) => line(x))]);

function random(rng: Rng, n: number, W: number, maxV: number): string {
  const items = Array.from({ length: n }, () => [rng.int(1, Math.max(1, Math.floor(W / 3))), rng.int(0, maxV)] as Item);
  return render(W, items);
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render(5, [[6, 10]])),
    test(
      1,
      render(0, [
        [0, 7],
        [1, 3],
      ]),
    ),
    test(
      1,
      render(10, [
        [5, 10],
        [4, 40],
        [6, 30],
        [3, 50],
      ]),
    ),
    test(
      1,
      render(4, [
        [2, 0],
        [2, 5],
        [4, 6],
      ]),
    ),
    test(2, random(rng, 8, 50, 100)),
    test(2, random(rng, 10, 100, 1000)),
    test(3, random(rng, 25, 1000, 1e6)),
    test(3, random(rng, 25, 2000, 1e9)),
    test(4, random(rng, 60, 10_000, 1e9)),
    test(4, random(rng, 50, 10_000, 1e6)),
  ];
};
