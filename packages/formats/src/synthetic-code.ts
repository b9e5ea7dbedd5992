import type { Rng } from './synthetic-prng';

// Plausible Python programs assembled from snippets with random identifiers, so that a million of
// them are varied and not trivially compressible. They are not meant to run.

const HEADERS = [
  'import sys\ninput = sys.stdin.readline\n\n',
  'import sys\nfrom collections import defaultdict, deque\n\n',
  'from typing import List\nimport heapq\n\n',
  'import sys\nimport bisect\nfrom functools import lru_cache\n\n',
  'import math\nfrom itertools import accumulate\n\n',
] as const;

const OPENERS = [
  'def $F():\n    $A = int(input())\n    $B = list(map(int, input().split()))\n',
  'class Solution:\n    def $F(self, $B: List[int], $A: int) -> int:\n',
  'def $F():\n    $A, $C = map(int, input().split())\n    $B = [int(x) for x in input().split()]\n',
  'def $F($B, $A):\n    $C = len($B)\n',
] as const;

const SNIPPETS = [
  '    $D = [0] * ($A + $M)\n    for $I in range($A):\n        $D[$I + 1] = $D[$I] + $B[$I]\n',
  '    $E = defaultdict(int)\n    for $I, $V in enumerate($B):\n        $E[$V % $N] += 1\n',
  '    $D = sorted($B)\n    $E = 0\n    for $V in $D:\n        if $V > $E:\n            $E += $V - $M\n',
  '    $L, $R = 0, $N\n    while $L < $R:\n        $MID = ($L + $R) // 2\n        if $G($MID):\n            $R = $MID\n        else:\n            $L = $MID + 1\n',
  '    $H = []\n    for $V in $B:\n        heapq.heappush($H, -$V)\n        if len($H) > $M:\n            heapq.heappop($H)\n',
  '    $Q = deque([$M])\n    $SEEN = {$M}\n    while $Q:\n        $V = $Q.popleft()\n        for $W in ($V * 2, $V + $M, $V - 1):\n            if 0 <= $W < $N and $W not in $SEEN:\n                $SEEN.add($W)\n                $Q.append($W)\n',
  '    @lru_cache(maxsize=None)\n    def $G($I, $J):\n        if $I >= $A:\n            return 0\n        return max($G($I + 1, $J), $B[$I] + $G($I + $M, $J ^ 1))\n',
  '    $E = float("inf")\n    for $I in range(len($B)):\n        for $J in range($I + 1, min(len($B), $I + $N)):\n            $E = min($E, abs($B[$I] - $B[$J]))\n',
  '    $D = [[0] * ($M + 1) for _ in range($A + 1)]\n    for $I in range(1, $A + 1):\n        for $J in range($M + 1):\n            $D[$I][$J] = max($D[$I - 1][$J], $D[$I - 1][$J - 1] + $B[$I - 1] if $J else 0)\n',
  '    $PAR = list(range($A + 1))\n    def $G($V):\n        while $PAR[$V] != $V:\n            $PAR[$V] = $PAR[$PAR[$V]]\n            $V = $PAR[$V]\n        return $V\n',
  '    $E = 0\n    $CNT = {}\n    for $V in $B:\n        $E += $CNT.get($N - $V, 0)\n        $CNT[$V] = $CNT.get($V, 0) + 1\n',
  '    $MOD = 10**9 + 7\n    $E = 1\n    for $V in $B:\n        $E = $E * ($V + $M) % $MOD\n',
  '    $ST = []\n    for $I, $V in enumerate($B):\n        while $ST and $B[$ST[-1]] < $V:\n            $ST.pop()\n        $ST.append($I)\n',
  '    # $WORD the $WORD2 window, keep the best\n    $L = 0\n    $E = 0\n    for $R in range(len($B)):\n        while $B[$R] - $B[$L] > $N:\n            $L += 1\n        $E = max($E, $R - $L + 1)\n',
] as const;

const CLOSERS = [
  '    print($E)\n\n\n$F()\n',
  '    return $E\n',
  '    return $E % (10**9 + 7)\n',
  '    print(" ".join(map(str, $D)))\n\n\nif __name__ == "__main__":\n    $F()\n',
] as const;

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'nu',
  'tar',
  'pel',
  'qu',
  'dex',
  'ro',
  'sa',
  'vin',
  'zo',
  'bri',
  'cum',
  'fen',
  'gal',
  'hox',
  'jet',
  'ly',
  'wex',
  'yon',
  'ax',
  'er',
  'is',
] as const;
const WORDS = ['shrink', 'grow', 'extend', 'scan', 'merge', 'split', 'count', 'track', 'update', 'sweep'] as const;

/** Each template pre-split into literal text and `$X` slot names, so filling is a tight loop. */
interface Template {
  parts: string[];
  slots: string[];
}

function compile(text: string): Template {
  const parts: string[] = [];
  const slots: string[] = [];
  const re = /\$([A-Z]+[0-9]?)/g;
  let last = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    parts.push(text.slice(last, m.index));
    slots.push(m[1]!);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return { parts, slots };
}

const OPENER_T = OPENERS.map(compile);
const SNIPPET_T = SNIPPETS.map(compile);
const CLOSER_T = CLOSERS.map(compile);

function identifier(rng: Rng): string {
  let name = rng.pick(SYLLABLES);
  const more = 1 + rng.int(2);
  for (let i = 0; i < more; i++) name += rng.pick(SYLLABLES);
  return rng.next() < 0.3 ? `${name}_${rng.pick(SYLLABLES)}` : name;
}

function fill(t: Template, names: Map<string, string>, rng: Rng): string {
  let out = t.parts[0]!;
  for (let i = 0; i < t.slots.length; i++) {
    const slot = t.slots[i]!;
    let value: string;
    if (slot === 'N') value = String(1 + rng.int(200_000));
    else if (slot === 'M') value = String(1 + rng.int(9));
    else if (slot === 'WORD') value = rng.pick(WORDS);
    else if (slot === 'WORD2') value = rng.pick(WORDS);
    else {
      value = names.get(slot) ?? identifier(rng);
      names.set(slot, value);
    }
    out += value + t.parts[i + 1]!;
  }
  return out;
}

/** A program of roughly `targetBytes` bytes (ASCII, so bytes = characters). */
export function syntheticProgram(rng: Rng, targetBytes: number): string {
  const names = new Map<string, string>();
  let code = rng.pick(HEADERS) + fill(rng.pick(OPENER_T), names, rng);
  const closer = fill(rng.pick(CLOSER_T), names, rng);
  while (code.length + closer.length < targetBytes) {
    // Fresh loop variables per snippet, shared names for the function's main state.
    names.delete('I');
    names.delete('J');
    names.delete('V');
    code += fill(rng.pick(SNIPPET_T), names, rng);
  }
  return code + closer;
}
