import { makeRng, type Rng } from '../rng';
import { line, lines, test, type Generator } from './types';

type Edge = [number, number];
const render = (n: number, edges: Edge[]): string => lines([line([n, edges.length]), ...edges.map((e) => line(e))]);

/**
 * Edges go forward in a hidden random order of the vertices (so the graph is acyclic and labels
 * say nothing about the order): a chain through the first `chain` vertices of that order, then
 * random forward edges reaching at most `span` places ahead. Edges are listed shuffled.
 */
function dag(rng: Rng, n: number, m: number, span: number, chain: number): string {
  const order = rng.shuffle(Array.from({ length: n }, (_, i) => i + 1));
  const edges: Edge[] = [];
  for (let i = 1; i < Math.min(chain, n); i++) edges.push([order[i - 1] as number, order[i] as number]);
  while (edges.length < m) {
    const i = rng.int(0, n - 2);
    const j = rng.int(i + 1, Math.min(n - 1, i + span));
    edges.push([order[i] as number, order[j] as number]);
  }
  return render(n, rng.shuffle(edges));
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render(1, [])),
    test(
      1,
      render(3, [
        [1, 2],
        [2, 3],
      ]),
    ),
    test(
      1,
      render(4, [
        [3, 1],
        [1, 2],
        [4, 3],
        [4, 3],
      ]),
    ),
    test(2, dag(rng, 30, 60, 30, 0)),
    test(2, dag(rng, 100, 200, 5, 50)),
    test(3, dag(rng, 2000, 4000, 2000, 0)),
    test(3, dag(rng, 3000, 6000, 4, 2000)),
    test(4, dag(rng, 30_000, 60_000, 30_000, 0)),
    test(4, dag(rng, 30_000, 60_000, 4, 20_000)),
  ];
};
