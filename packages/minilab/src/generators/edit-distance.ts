import { makeRng, type Rng } from '../rng';
import { lines, test, type Generator } from './types';

const word = (rng: Rng, n: number, alphabet: string): string =>
  Array.from({ length: n }, () => alphabet[rng.int(0, alphabet.length - 1)]).join('');

/** t is s with a number of random edits, so the distance is small relative to the lengths. */
function edited(rng: Rng, s: string, edits: number, alphabet: string): string {
  const chars = s.split('');
  for (let e = 0; e < edits; e++) {
    const i = rng.int(0, chars.length);
    const op = rng.int(0, 2);
    const c = alphabet[rng.int(0, alphabet.length - 1)] as string;
    if (op === 0) chars.splice(i, 0, c);
    else if (op === 1 && chars.length > 0) chars.splice(Math.min(i, chars.length - 1), 1);
    else if (chars.length > 0) chars[Math.min(i, chars.length - 1)] = c;
  }
  return chars.join('');
}

const pair = (s: string, t: string): string => lines([s, t]);

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  const related = (n: number, edits: number, alphabet: string): string => {
    const s = word(rng, n, alphabet);
    return pair(s, edited(rng, s, edits, alphabet));
  };
  return [
    test(1, pair('', 'abc')),
    test(1, pair('ab', 'abab')),
    test(1, pair('kitten', 'sitting')),
    test(1, pair('same', 'same')),
    test(2, pair(word(rng, 8, 'ab'), word(rng, 10, 'ab'))),
    test(2, related(12, 3, 'abc')),
    test(3, pair(word(rng, 120, 'abcd'), word(rng, 150, 'abcd'))),
    test(3, related(150, 20, 'ab')),
    test(4, pair(word(rng, 800, 'abcdefghij'), word(rng, 800, 'abcdefghij'))),
    test(4, related(1000, 100, 'abc')),
  ];
};
