// Workload (a): stdin programs as models write them for LiveCodeBench, leaning on the import
// prelude the evaluator puts in front (Counter, deque, defaultdict, heappush, bisect_left, gcd,
// reduce, accumulate, lru_cache, sys: none imported), reading with input() or sys.stdin.
import { ints, lines, size, type Kind, type WorkloadSpec } from './workload';

const mostFrequent: Kind = {
  title: 'Most frequent value',
  code: `n = int(input())
a = list(map(int, input().split()))
c = Counter(a)
best = max(c.values())
print(min(v for v in c if c[v] == best), best)`,
  // most_common breaks ties by first occurrence, not by value.
  wrong: `n = int(input())
a = list(map(int, input().split()))
v, best = Counter(a).most_common(1)[0]
print(v, best)`,
  test(rand) {
    const a = ints(rand, size(rand, 5, 400), 0, 29);
    const count = new Map<number, number>();
    for (const x of a) count.set(x, (count.get(x) ?? 0) + 1);
    const best = Math.max(...count.values());
    const v = Math.min(...[...count].filter(([, c]) => c === best).map(([x]) => x));
    return { input: lines(a.length, a.join(' ')), output: lines(`${v} ${best}`) };
  },
};

const bfsCode = `data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
g = defaultdict(list)
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    g[u].append(v)
    g[v].append(u)
dist = [-1] * (n + 1)
dist[1] = 0
q = deque([1])
while q:
    u = q.popleft()
    for v in g[u]:
        if dist[v] < 0:
            dist[v] = dist[u] + 1
            q.append(v)
print(*dist[1:])`;

const bfs: Kind = {
  title: 'Distances from vertex 1',
  code: bfsCode,
  // A stack instead of a queue: right on trees, wrong on most graphs with cycles.
  wrong: bfsCode.replace('q.popleft()', 'q.pop()'),
  test(rand) {
    const n = size(rand, 5, 300);
    const m = n - 1 + rand(n);
    const edges = Array.from({ length: m }, () => [1 + rand(n), 1 + rand(n)] as const);
    const g = Array.from({ length: n + 1 }, () => [] as number[]);
    for (const [u, v] of edges) {
      g[u]!.push(v);
      g[v]!.push(u);
    }
    const dist = new Array<number>(n + 1).fill(-1);
    dist[1] = 0;
    for (let q = [1], i = 0; i < q.length; i++) {
      for (const v of g[q[i]!]!) {
        if (dist[v]! >= 0) continue;
        dist[v] = dist[q[i]!]! + 1;
        q.push(v);
      }
    }
    return { input: lines(`${n} ${m}`, ...edges.map(([u, v]) => `${u} ${v}`)), output: lines(dist.slice(1).join(' ')) };
  },
};

const mergeCost: Kind = {
  title: 'Cheapest way to merge piles',
  code: `n = int(input())
h = []
for x in map(int, input().split()):
    heappush(h, x)
cost = 0
while len(h) > 1:
    a = heappop(h)
    b = heappop(h)
    cost += a + b
    heappush(h, a + b)
print(cost)`,
  // Pops from an empty heap: IndexError (RE) on every test.
  wrong: `n = int(input())
h = list(map(int, input().split()))
heapify(h)
cost = 0
while h:
    a = heappop(h)
    b = heappop(h)
    cost += a + b
    heappush(h, a + b)
print(cost)`,
  test(rand) {
    const xs = ints(rand, size(rand, 5, 400), 1, 1000);
    // Merged sums come in non-decreasing order: a second sorted queue replaces the heap.
    const a = [...xs].sort((x, y) => x - y);
    const merged: number[] = [];
    let i = 0;
    let j = 0;
    let cost = 0;
    const take = () => (j < merged.length && (i >= a.length || merged[j]! < a[i]!) ? merged[j++]! : a[i++]!);
    for (let k = 1; k < xs.length; k++) {
      const s = take() + take();
      cost += s;
      merged.push(s);
    }
    return { input: lines(xs.length, xs.join(' ')), output: lines(cost) };
  },
};

const countSmallerCode = `input = sys.stdin.readline
n, q = map(int, input().split())
a = sorted(map(int, input().split()))
out = []
for _ in range(q):
    x = int(input())
    out.append(bisect_left(a, x))
print("\\n".join(map(str, out)))`;

const countSmaller: Kind = {
  title: 'Count smaller elements',
  code: countSmallerCode,
  // Counts elements <= x: wrong whenever a query is in the array.
  wrong: countSmallerCode.replace('bisect_left', 'bisect_right'),
  test(rand) {
    const a = ints(rand, size(rand, 5, 500), 0, 999);
    const qs = ints(rand, size(rand, 3, 200), 0, 999);
    const answers = qs.map((x) => a.filter((y) => y < x).length);
    return { input: lines(`${a.length} ${qs.length}`, a.join(' '), ...qs), output: lines(...answers) };
  },
};

const gcdPrefixCode = `n = int(input())
a = list(map(int, input().split()))
print(reduce(gcd, a), max(accumulate(a)))`;

const gcdPrefix: Kind = {
  title: 'Common divisor and best prefix',
  code: gcdPrefixCode,
  // The whole sum instead of the best prefix sum.
  wrong: gcdPrefixCode.replace('max(accumulate(a))', 'sum(a)'),
  test(rand) {
    const g0 = 1 + rand(12);
    const a = ints(rand, size(rand, 5, 400), -10, 30).map((x) => g0 * x);
    a[0] = g0 * (1 + rand(30));
    const gcd = (x: number, y: number): number => (y === 0 ? Math.abs(x) : gcd(y, x % y));
    let best = -Infinity;
    let sum = 0;
    for (const x of a) best = Math.max(best, (sum += x));
    return { input: lines(a.length, a.join(' ')), output: lines(`${a.reduce(gcd)} ${best}`) };
  },
};

const MOD = 1_000_000_007;
const stairs = `def main():
    n, k = map(int, input().split())
    steps = list(map(int, input().split()))
    MOD = 10**9 + 7

    @lru_cache(maxsize=None)
    def ways(i):
        if i == 0:
            return 1
        return sum(ways(i - s) for s in steps if s <= i) % MOD

    print(ways(n))


if __name__ == "__main__":
    main()`;

const climb: Kind = {
  title: 'Ways to climb the stairs',
  code: stairs,
  // No modulus: right while the count stays below 10^9+7 (small n), wrong above.
  wrong: stairs.replace(' % MOD', ''),
  test(rand) {
    const n = size(rand, 5, 400);
    const steps = [...new Set(ints(rand, 1 + rand(4), 1, 6))];
    const ways = [1];
    for (let i = 1; i <= n; i++) ways.push(steps.reduce((s, st) => (st <= i ? s + ways[i - st]! : s), 0) % MOD);
    return { input: lines(`${n} ${steps.length}`, steps.join(' ')), output: lines(ways[n]!) };
  },
};

export const preludeWorkload: Omit<WorkloadSpec, 'seed'> = {
  key: 'a',
  title: 'stdin programs that rely on the prelude (LCB format)',
  format: 'lcb',
  kinds: [mostFrequent, bfs, mergeCost, countSmaller, gcdPrefix, climb],
};
