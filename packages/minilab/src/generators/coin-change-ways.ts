import { makeRng, type Rng } from '../rng';
import { line, lines, test, type Generator } from './types';

const render = (S: number, coins: number[]): string => lines([line([coins.length, S]), line(coins)]);

/** n distinct denominations, mostly small so that the counts grow large. */
function coins(rng: Rng, n: number, max: number): number[] {
  const set = new Set<number>();
  while (set.size < n) set.add(rng.int(1, max));
  return [...set];
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render(0, [1, 2])),
    test(1, render(7, [2])),
    test(1, render(5, [1, 2, 5])),
    test(1, render(1, [3])),
    test(2, render(rng.int(50, 100), coins(rng, 4, 20))),
    test(2, render(rng.int(50, 100), coins(rng, 5, 50))),
    test(3, render(rng.int(1000, 2000), coins(rng, 20, 100))),
    test(3, render(rng.int(1000, 2000), coins(rng, 15, 300))),
    test(4, render(20_000, coins(rng, 50, 100))),
    test(4, render(rng.int(15_000, 20_000), coins(rng, 40, 2000))),
  ];
};
