import { makeRng, type Rng } from '../rng';
import { lines, test, type Generator } from './types';

const render = (ns: (bigint | number)[]): string => lines([String(ns.length), ...ns.map(String)]);
const random = (rng: Rng, q: number, max: bigint): bigint[] => Array.from({ length: q }, () => rng.big(0n, max));

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render([0, 1, 2])),
    test(1, render([3, 7, 8])),
    test(2, render(random(rng, 5, 1000n))),
    test(2, render([255, 256, ...random(rng, 3, 5000n)])),
    test(3, render(random(rng, 5, 300_000n))),
    test(3, render([2 ** 18 - 1, 2 ** 18, ...random(rng, 3, 300_000n)])),
    test(4, render(random(rng, 10, 10n ** 18n))),
    test(4, render([2n ** 59n - 1n, 2n ** 59n, 10n ** 18n, ...random(rng, 7, 10n ** 18n)])),
  ];
};
