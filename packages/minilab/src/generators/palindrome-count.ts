import { makeRng, type Rng } from '../rng';
import { lines, test, type Generator } from './types';

const word = (rng: Rng, n: number, alphabet: string): string =>
  Array.from({ length: n }, () => alphabet[rng.int(0, alphabet.length - 1)]).join('');

/** All 'a' but for a few other letters: many long palindromes, not all centred alike. */
function mostlyA(rng: Rng, n: number, changes: number): string {
  const s = 'a'.repeat(n).split('');
  for (let k = 0; k < changes; k++) s[rng.int(0, n - 1)] = rng.pick(['b', 'c']);
  return s.join('');
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  const one = (s: string): string => lines([s]);
  return [
    test(1, one('a')),
    test(1, one('aa')),
    test(1, one('abc')),
    test(1, one('abba')),
    test(2, one(word(rng, 40, 'ab'))),
    test(2, one(word(rng, 100, 'abcdefghijklmnopqrstuvwxyz'))),
    test(3, one(word(rng, 3000, 'abc'))),
    test(3, one('a'.repeat(3000))),
    test(4, one(word(rng, 100_000, 'ab'))),
    test(4, one(mostlyA(rng, 100_000, 20))),
  ];
};
