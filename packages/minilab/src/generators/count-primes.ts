import { makeRng } from '../rng';
import { test, type Generator } from './types';

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  const n = (x: number): string => `${x}\n`;
  return [
    test(1, n(0)),
    test(1, n(1)),
    test(1, n(2)),
    test(1, n(rng.int(3, 9))),
    test(2, n(97)),
    test(2, n(rng.int(100, 999))),
    test(2, n(rng.int(1000, 9999))),
    test(3, n(rng.int(10_000, 99_999))),
    test(3, n(999_983)),
    test(4, n(rng.int(4_000_000, 6_000_000))),
    test(4, n(10_000_000)),
  ];
};
