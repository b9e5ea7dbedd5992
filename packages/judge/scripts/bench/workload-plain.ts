// Workload (c): the bench's original programs, in our own benchmark format (tokens checker, no
// prelude on any side): "n numbers -> one answer", short inputs. Keeps the figures comparable
// with the judge's earlier ones.
import { ints, type Kind, type WorkloadSpec } from './workload';

const read = 'n=int(input())\nxs=list(map(int,input().split()))\n';
const kind = (title: string, code: string, solve: (xs: number[]) => number): Kind => ({
  title,
  code,
  wrong: 'n=int(input())\nprint(n)',
  test(rand) {
    const xs = ints(rand, 5 + rand(40), 0, 999);
    return { input: `${xs.length}\n${xs.join(' ')}\n`, output: `${solve(xs)}\n` };
  },
});

export const plainWorkload: Omit<WorkloadSpec, 'seed'> = {
  key: 'c',
  title: 'plain stdin programs, no prelude (our format)',
  format: 'frontier',
  kinds: [
    kind('Sum', `${read}print(sum(xs))`, (xs) => xs.reduce((a, b) => a + b, 0)),
    kind('Maximum', `${read}print(max(xs))`, (xs) => Math.max(...xs)),
    kind(
      'Median',
      'n=int(input())\nxs=sorted(map(int,input().split()))\nprint(xs[n//2])',
      (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!,
    ),
    kind('Distinct values', 'input()\nprint(len(set(input().split())))', (xs) => new Set(xs).size),
  ],
};
