import { makeRng, type Rng } from '../rng';
import { line, lines, test, type Generator } from './types';

const render = (rows: string[]): string => lines([line([rows.length, rows[0]?.length ?? 0]), ...rows]);

/** Random walls with the given density; the two corners stay free. */
function random(rng: Rng, h: number, w: number, density: number): string[] {
  const rows = Array.from({ length: h }, () => Array.from({ length: w }, () => (rng.next() < density ? '#' : '.')));
  (rows[0] as string[])[0] = '.';
  (rows[h - 1] as string[])[w - 1] = '.';
  return rows.map((r) => r.join(''));
}

/** Horizontal walls on every other row, each with one gap at a random end: a long winding path. */
function serpentine(rng: Rng, h: number, w: number): string[] {
  return Array.from({ length: h }, (_, r) => {
    if (r % 2 === 0) return '.'.repeat(w);
    const gapLeft = rng.next() < 0.5;
    return gapLeft ? '.' + '#'.repeat(w - 1) : '#'.repeat(w - 1) + '.';
  });
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render(['.'])),
    test(1, render(['.#', '#.'])),
    test(1, render(['...', '.#.', '...'])),
    test(2, render(random(rng, 8, 12, 0.25))),
    test(2, render(serpentine(rng, 11, 10))),
    test(3, render(random(rng, 60, 60, 0.2))),
    test(3, render(serpentine(rng, 61, 60))),
    test(4, render(random(rng, 300, 300, 0.2))),
    test(4, render(random(rng, 300, 300, 0.1))),
    test(4, render(serpentine(rng, 299, 300))),
  ];
};
