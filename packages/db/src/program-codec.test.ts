import { uncompressSync } from 'snappy';
import { describe, expect, it } from 'vitest';
import { decodeProgram, encodeProgram, programText } from './program-codec';

// ~100 KB: past Postgres' TOAST threshold and far past a typical program.
const BIG = Array.from({ length: 3500 }, (_, i) => `x_${i} = ${i * 7919} % 97  # line ${i}\n`).join('');
const PROGRAM =
  'import sys\n\ndef main():\n    a, b = map(int, sys.stdin.readline().split())\n    print(a + b)\n\nmain()\n';
// A contest solution of the usual size (~900 B): repeated names and idioms, as models write them.
const TYPICAL = `import sys
from collections import defaultdict
input = sys.stdin.readline

def solve():
    n, k = map(int, input().split())
    a = list(map(int, input().split()))
    prefix = [0] * (n + 1)
    for i in range(n):
        prefix[i + 1] = prefix[i] + a[i]
    count = defaultdict(int)
    count[0] = 1
    answer = 0
    for i in range(1, n + 1):
        answer += count[prefix[i] - k]
        count[prefix[i]] += 1
    best = 0
    left = 0
    window = 0
    for right in range(n):
        window += a[right]
        while window > k and left <= right:
            window -= a[left]
            left += 1
        best = max(best, right - left + 1)
    return answer, best

def main():
    t = int(input())
    out = []
    for _ in range(t):
        answer, best = solve()
        out.append(f"{answer} {best}")
    print("\\n".join(out))

if __name__ == "__main__":
    main()
`;

describe('program codec', () => {
  it.each([
    ['an empty program', ''],
    ['a typical program', PROGRAM],
    ['unicode (accents, CJK, emoji, a right-to-left mark)', '# café 漢字 🚀 \u200f\nprint("ü")\n'],
    ['control characters, NUL included', 'a\tb\r\nc\\d\0e\u0001'],
    ['a 100 KB program', BIG],
  ])('round-trips %s exactly', (_, code) => {
    const z = encodeProgram(code);
    expect(decodeProgram(z)).toBe(code);
    // Snappy's raw format, so any Snappy library (python-snappy in a notebook) reads it without this module.
    expect(uncompressSync(z, { asBuffer: false })).toBe(code);
  });

  it('makes a ~100 KB program much smaller and a typical ~1 KB one smaller', () => {
    expect(BIG.length).toBeGreaterThan(100_000);
    expect(encodeProgram(BIG).length).toBeLessThan(BIG.length / 1.5);
    expect(TYPICAL.length).toBeGreaterThan(800);
    expect(encodeProgram(TYPICAL).length).toBeLessThan(TYPICAL.length * 0.8);
  });

  it('reads code_z when set, code for rows written before compression, and refuses a row with neither', () => {
    expect(programText({ code: null, codeZ: encodeProgram(PROGRAM) })).toBe(PROGRAM);
    expect(programText({ code: null, codeZ: new Uint8Array(encodeProgram('')) })).toBe('');
    expect(programText({ code: 'print(1)', codeZ: null })).toBe('print(1)');
    expect(programText({ code: '', codeZ: null })).toBe('');
    expect(() => programText({ code: null, codeZ: null })).toThrow(/neither code nor code_z/);
  });
});
