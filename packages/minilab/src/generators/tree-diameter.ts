import { makeRng, type Rng } from '../rng';
import { line, lines, test, type Generator } from './types';

type Edge = [number, number, number];
const render = (n: number, edges: Edge[]): string => lines([String(n), ...edges.map((e) => line(e))]);

/**
 * Vertex i > 1 hangs below a vertex chosen among the previous `reach` ones: a small reach makes a
 * long, thin tree; reach = n makes a random recursive tree. Labels are shuffled.
 */
function tree(rng: Rng, n: number, reach: number, maxW: number): string {
  const label = rng.shuffle(Array.from({ length: n }, (_, i) => i + 1));
  const edges: Edge[] = [];
  for (let i = 1; i < n; i++) {
    const parent = rng.int(Math.max(0, i - reach), i - 1);
    edges.push([label[i] as number, label[parent] as number, rng.int(1, maxW)]);
  }
  return render(n, rng.shuffle(edges));
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render(1, [])),
    test(1, render(2, [[1, 2, 5]])),
    test(
      1,
      render(4, [
        [1, 2, 3],
        [1, 3, 4],
        [1, 4, 10],
      ]),
    ),
    test(
      1,
      render(4, [
        [1, 2, 1],
        [2, 3, 1],
        [3, 4, 1],
      ]),
    ),
    test(2, tree(rng, 30, 30, 100)),
    test(2, tree(rng, 100, 3, 1e6)),
    test(3, tree(rng, 3000, 3000, 1e12)),
    test(3, tree(rng, 3000, 2, 1e12)),
    test(4, tree(rng, 30_000, 30_000, 1e12)),
    test(4, tree(rng, 30_000, 2, 1e12)),
  ];
};
