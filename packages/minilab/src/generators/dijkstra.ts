import { makeRng, type Rng } from '../rng';
import { line, lines, test, type Generator } from './types';

type Edge = [number, number, number];
const render = (n: number, edges: Edge[]): string => lines([line([n, edges.length]), ...edges.map((e) => line(e))]);

/** Random edges plus a chain 1 -> ... -> n through random vertices with heavier weights. */
function graph(rng: Rng, n: number, m: number, maxW: number): string {
  const edges: Edge[] = [];
  const inner = rng.shuffle(Array.from({ length: Math.max(0, n - 2) }, (_, i) => i + 2)).slice(0, Math.floor(n / 3));
  const chain = [1, ...inner, n];
  for (let i = 1; i < chain.length; i++)
    edges.push([chain[i - 1] as number, chain[i] as number, rng.int(maxW / 2, maxW)]);
  while (edges.length < m) edges.push([rng.int(1, n), rng.int(1, n), rng.int(0, maxW)]);
  return render(n, rng.shuffle(edges));
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render(1, [])),
    test(
      1,
      render(3, [
        [1, 2, 4],
        [3, 2, 1],
      ]),
    ),
    test(
      1,
      render(3, [
        [1, 2, 0],
        [2, 3, 0],
        [1, 3, 5],
      ]),
    ),
    test(
      1,
      render(2, [
        [1, 2, 9],
        [1, 2, 3],
        [2, 1, 1],
      ]),
    ),
    test(2, graph(rng, 30, 90, 100)),
    test(2, graph(rng, 60, 180, 1e9)),
    test(3, graph(rng, 2000, 6000, 1e9)),
    test(3, graph(rng, 2000, 6000, 1000)),
    test(4, graph(rng, 20_000, 60_000, 1e9)),
    test(4, graph(rng, 20_000, 60_000, 1e6)),
  ];
};
