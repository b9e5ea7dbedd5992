import { makeRng, type Rng } from '../rng';
import { line, lines, test, type Generator } from './types';

type Edge = [number, number];
const render = (n: number, edges: Edge[]): string => lines([line([n, edges.length]), ...edges.map((e) => line(e))]);

/** Random edges plus one long path through a random subset of the vertices, shuffled. */
function graph(rng: Rng, n: number, randomEdges: number, pathLength: number): string {
  const edges: Edge[] = Array.from({ length: randomEdges }, () => [rng.int(1, n), rng.int(1, n)] as Edge);
  const order = rng.shuffle(Array.from({ length: n }, (_, i) => i + 1)).slice(0, pathLength);
  for (let i = 1; i < order.length; i++) edges.push([order[i - 1] as number, order[i] as number]);
  return render(n, rng.shuffle(edges));
}

export const generate: Generator = (seed) => {
  const rng = makeRng(seed);
  return [
    test(1, render(1, [])),
    test(1, render(5, [])),
    test(
      1,
      render(4, [
        [1, 1],
        [2, 3],
        [3, 2],
        [2, 3],
      ]),
    ),
    test(1, render(3, [[1, 2]])),
    test(2, graph(rng, 50, 30, 10)),
    test(2, graph(rng, 100, 40, 50)),
    test(3, graph(rng, 3000, 1000, 2000)),
    test(3, graph(rng, 3000, 2500, 300)),
    test(4, graph(rng, 50_000, 15_000, 30_000)),
    test(4, graph(rng, 50_000, 25_000, 5000)),
  ];
};
