// Checks a few references against independent brute force written here in TypeScript, on the
// small tiers where brute force is instant; and checks that buildBenchmark ties it together.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBenchmark } from './build-benchmark';
import { generateTests } from './generate-tests';
import { referencePath } from './problems';
import { DEFAULT_PYTHON, runPython } from './run-python';

const nums = (input: string): number[] => input.trim().split(/\s+/).map(Number);
const tokens = (s: string): string[] => s.trim().split(/\s+/);

/** Answers computed the slow, obvious way; inputs are small so doubles stay exact. */
const brute: Record<string, (input: string) => string> = {
  'max-subarray': (input) => {
    const [n, ...a] = nums(input);
    let best = -Infinity;
    for (let i = 0; i < (n as number); i++)
      for (let j = i; j < (n as number); j++)
        best = Math.max(
          best,
          a.slice(i, j + 1).reduce((s, x) => s + x, 0),
        );
    return String(best);
  },
  'two-sum-count': (input) => {
    const [n, k, ...a] = nums(input);
    let c = 0;
    for (let i = 0; i < (n as number); i++)
      for (let j = i + 1; j < (n as number); j++) if ((a[i] as number) + (a[j] as number) === k) c++;
    return String(c);
  },
  'count-inversions': (input) => {
    const [n, ...a] = nums(input);
    let c = 0;
    for (let i = 0; i < (n as number); i++)
      for (let j = i + 1; j < (n as number); j++) if ((a[i] as number) > (a[j] as number)) c++;
    return String(c);
  },
  'lis-length': (input) => {
    const [n, ...a] = nums(input);
    // Every subset of indices, kept if strictly increasing: fine for n <= 16.
    let best = 0;
    for (let mask = 1; mask < 1 << (n as number); mask++) {
      const picked = a.filter((_, i) => mask & (1 << i));
      if (picked.every((x, i) => i === 0 || x > (picked[i - 1] as number))) best = Math.max(best, picked.length);
    }
    return String(best);
  },
  'count-primes': (input) => {
    const n = Number(input.trim());
    let c = 0;
    for (let x = 2; x <= n; x++) {
      let prime = true;
      for (let d = 2; d < x; d++) if (x % d === 0) prime = false;
      if (prime) c++;
    }
    return String(c);
  },
  'balanced-brackets': (input) => {
    const [, ...rows] = tokens(input);
    return rows
      .map((s) => {
        let r = s;
        for (let prev = ''; prev !== r;) [prev, r] = [r, r.replace(/\(\)|\[\]|\{\}/g, '')];
        return r === '' ? 'YES' : 'NO';
      })
      .join('\n');
  },
  'palindrome-count': (input) => {
    const s = input.trim();
    let c = 0;
    for (let i = 0; i < s.length; i++)
      for (let j = i + 1; j <= s.length; j++) {
        const sub = s.slice(i, j);
        if (sub === [...sub].reverse().join('')) c++;
      }
    return String(c);
  },
  'bit-count': (input) => {
    const [, ...ns] = nums(input);
    return ns
      .map((n) => {
        let c = 0;
        for (let i = 0; i <= n; i++) c += i.toString(2).split('1').length - 1;
        return String(c);
      })
      .join('\n');
  },
};

describe('reference solutions agree with brute force on the small tiers', () => {
  describe.each(Object.keys(brute))('%s', (id) => {
    it('matches on tiers 1 and 2', async () => {
      const small = generateTests(id, 2024).filter((t) => t.tier === 1 || (t.tier === 2 && id !== 'lis-length'));
      for (const t of small) {
        const got = await runPython(DEFAULT_PYTHON, referencePath(id), t.input);
        expect(tokens(got), t.input.slice(0, 80)).toEqual(tokens((brute[id] as (s: string) => string)(t.input)));
      }
    });
  });
});

describe('buildBenchmark', () => {
  it("writes every problem with tiered tests and the references' outputs", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'minilab-bench-'));
    try {
      const outFile = join(dir, 'nested', 'minilab.json');
      const built = await buildBenchmark({ seed: 7, outFile });
      const onDisk = JSON.parse(readFileSync(outFile, 'utf8')) as typeof built;
      expect(onDisk).toEqual(built);
      expect(built.name).toBe('minilab');
      expect(built.problems).toHaveLength(24);
      for (const p of built.problems) {
        expect(p.checker).toBe('tokens');
        expect(new Set(p.tests.map((t) => t.tier))).toEqual(new Set([1, 2, 3, 4]));
        for (const t of p.tests) expect(t.output.trim(), p.id).not.toBe('');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Runs every reference solution on every test (~20 s alone); CI runs it beside other packages' tests.
  }, 180_000);
});
