// Workload (b): LeetCode-style functional problems as LiveCodeBench stores them (`func_name` in
// the metadata, one JSON value per argument line, the expected value as JSON), with solutions
// that use the prelude's typing names and modules without importing them.
import { ints, pyJson, size, type Kind, type Rand, type WorkloadSpec } from './workload';

const args = (...values: unknown[]) => values.map(pyJson).join('\n');

const windowCode = `class Solution:
    def maxSumOfLengthK(self, nums: List[int], k: int) -> int:
        pre = [0] + list(accumulate(nums))
        return max(pre[i + k] - pre[i] for i in range(len(nums) - k + 1))`;

const window: Kind = {
  title: 'Best window of length k',
  fnName: 'maxSumOfLengthK',
  code: windowCode,
  // Misses the last window (WA), and has none at all when k = n (max() of nothing: RE).
  wrong: windowCode.replace('len(nums) - k + 1', 'len(nums) - k'),
  test(rand) {
    const nums = ints(rand, size(rand, 5, 500), -100, 100);
    const k = 1 + rand(nums.length);
    let best = -Infinity;
    for (let i = 0; i + k <= nums.length; i++)
      best = Math.max(
        best,
        nums.slice(i, i + k).reduce((a, b) => a + b, 0),
      );
    return { input: args(nums, k), output: pyJson(best) };
  },
};

const topKCode = `class Solution:
    def topKFrequent(self, nums: List[int], k: int) -> List[int]:
        c = Counter(nums)
        return sorted(c, key=lambda x: (-c[x], x))[:k]`;

const topK: Kind = {
  title: 'Most frequent k values',
  fnName: 'topKFrequent',
  code: topKCode,
  // Ties in the order values first appear instead of by value.
  wrong: topKCode.replace('sorted(c, key=lambda x: (-c[x], x))[:k]', '[x for x, _ in c.most_common(k)]'),
  test(rand) {
    const nums = ints(rand, size(rand, 5, 500), 0, 39);
    const count = new Map<number, number>();
    for (const x of nums) count.set(x, (count.get(x) ?? 0) + 1);
    const k = 1 + rand(Math.min(5, count.size));
    const top = [...count]
      .sort(([x, a], [y, b]) => b - a || x - y)
      .slice(0, k)
      .map(([x]) => x);
    return { input: args(nums, k), output: pyJson(top) };
  },
};

const pairsCode = `class Solution:
    def countPairs(self, nums: List[int], target: int) -> int:
        a = sorted(nums)
        total = 0
        for i, x in enumerate(a):
            total += bisect_left(a, target - x, 0, i)
        return total`;

const pairs: Kind = {
  title: 'Pairs with a sum below target',
  fnName: 'countPairs',
  code: pairsCode,
  // Counts sums equal to the target too.
  wrong: pairsCode.replace('bisect_left', 'bisect_right'),
  test(rand) {
    const nums = ints(rand, size(rand, 5, 300), -50, 50);
    const target = rand(101) - 50;
    let total = 0;
    for (let i = 0; i < nums.length; i++)
      for (let j = i + 1; j < nums.length; j++) if (nums[i]! + nums[j]! < target) total++;
    return { input: args(nums, target), output: pyJson(total) };
  },
};

const bracketsCode = `class Solution:
    def isValid(self, s: str) -> bool:
        stack = deque()
        pairs: Dict[str, str] = {")": "(", "]": "[", "}": "{"}
        for ch in s:
            if ch in pairs:
                if not stack or stack.pop() != pairs[ch]:
                    return False
            else:
                stack.append(ch)
        return not stack`;

// A balanced string, damaged (one character changed or dropped) half of the time.
function brackets(rand: Rand): string {
  const out: string[] = [];
  const open: string[] = [];
  const n = size(rand, 2, 200);
  while (out.length + open.length < n || open.length) {
    if (open.length && (rand(2) || out.length + open.length >= n))
      out.push({ '(': ')', '[': ']', '{': '}' }[open.pop()!]!);
    else {
      open.push('([{'[rand(3)]!);
      out.push(open.at(-1)!);
    }
  }
  if (rand(2)) out.splice(rand(out.length), rand(2), '()[]{}'[rand(6)]!);
  return out.join('');
}

function valid(s: string): boolean {
  const stack: string[] = [];
  for (const ch of s) {
    const want = { ')': '(', ']': '[', '}': '{' }[ch];
    if (!want) stack.push(ch);
    else if (stack.pop() !== want) return false;
  }
  return stack.length === 0;
}

const bracketsKind: Kind = {
  title: 'Valid brackets',
  fnName: 'isValid',
  code: bracketsCode,
  // Forgets brackets left open.
  wrong: bracketsCode.replace('return not stack', 'return True'),
  test(rand) {
    const s = brackets(rand);
    return { input: args(s), output: pyJson(valid(s)) };
  },
};

const gcdCode = `class Solution:
    def minOperations(self, nums: List[int]) -> int:
        g = reduce(gcd, nums)
        return sum(1 for x in nums if x != g)`;

const gcdKind: Kind = {
  title: 'Elements above the common divisor',
  fnName: 'minOperations',
  code: gcdCode,
  // The minimum is the gcd only when it divides every element.
  wrong: gcdCode.replace('reduce(gcd, nums)', 'min(nums)'),
  test(rand) {
    const g0 = 1 + rand(10);
    const nums = ints(rand, size(rand, 5, 400), 2, 20).map((x) => g0 * x);
    const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
    const g = nums.reduce(gcd);
    return { input: args(nums), output: pyJson(nums.filter((x) => x !== g).length) };
  },
};

const mergeCode = `class Solution:
    def merge(self, intervals: List[List[int]]) -> List[List[int]]:
        intervals.sort()
        out = []
        for s, e in intervals:
            if out and s <= out[-1][1]:
                out[-1][1] = max(out[-1][1], e)
            else:
                out.append([s, e])
        return out`;

const mergeKind: Kind = {
  title: 'Merge intervals',
  fnName: 'merge',
  code: mergeCode,
  // Leaves touching intervals apart.
  wrong: mergeCode.replace('s <= out[-1][1]', 's < out[-1][1]'),
  test(rand) {
    const intervals = Array.from({ length: size(rand, 1, 200) }, () => {
      const s = rand(1000);
      return [s, s + rand(30)];
    });
    const out: number[][] = [];
    for (const [s, e] of [...intervals].sort(([a, b], [c, d]) => a! - c! || b! - d!)) {
      const last = out.at(-1);
      if (last && s! <= last[1]!) last[1] = Math.max(last[1]!, e!);
      else out.push([s!, e!]);
    }
    return { input: args(intervals), output: pyJson(out) };
  },
};

export const functionalWorkload: Omit<WorkloadSpec, 'seed'> = {
  key: 'b',
  title: 'functional (LeetCode-style) problems (LCB format)',
  format: 'lcb',
  kinds: [window, topK, pairs, bracketsKind, gcdKind, mergeKind],
};
