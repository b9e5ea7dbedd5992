import { makeRng, type Rng } from '../rng';
import { line, lines, test, type Generator } from './types';

type Query = [bigint | number, number];
const render = (qs: Query[]): string => lines([String(qs.length), ...qs.map((q) => line(q))]);
const queries = (rng: Rng, q: number, maxN: bigint): Query[] =>
  Array.from({ length: q }, () => [rng.big(0n, maxN), rng.int(1, 1e9)] as Query);

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(
      1,
      render([
        [0, 5],
        [1, 1],
        [2, 1000000000],
      ]),
    ),
    test(
      1,
      render([
        [10, 1],
        [10, 100],
        [7, 2],
      ]),
    ),
    test(2, render(queries(rng, 5, 900n))),
    test(2, render(queries(rng, 5, 5000n))),
    test(3, render(queries(rng, 5, 400_000n))),
    test(3, render(queries(rng, 5, 400_000n))),
    test(4, render(queries(rng, 10, 10n ** 18n))),
    test(
      4,
      render([[10n ** 18n, 1e9], [2n ** 59n + 1n, 999_999_937], [10n ** 17n + 3n, 1], ...queries(rng, 3, 10n ** 18n)]),
    ),
  ];
};
