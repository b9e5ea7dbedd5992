import { describe, expect, it } from 'vitest';
import { generateTests } from '../generate-tests';
import { listProblemIds } from '../problems';
import { generators } from '.';

const ids = listProblemIds();
const bytes = (s: string): number => Buffer.byteLength(s);

describe('generators', () => {
  it('has exactly one generator per problem folder', () => {
    expect(Object.keys(generators).sort()).toEqual(ids);
  });

  describe.each(ids)('%s', (id) => {
    const tests = generateTests(id, 12345);

    it('produces all four tiers, smallest first, with a few tests each', () => {
      for (const tier of [1, 2, 3, 4] as const) {
        const n = tests.filter((t) => t.tier === tier).length;
        expect(n, `tier ${tier}`).toBeGreaterThanOrEqual(2);
        expect(n, `tier ${tier}`).toBeLessThanOrEqual(5);
      }
      expect(tests.map((t) => t.tier)).toEqual([...tests.map((t) => t.tier)].sort());
    });

    it('nests tiers by input size: no test of tier k is larger than any test of tier k + 1', () => {
      for (const tier of [1, 2, 3] as const) {
        const here = Math.max(...tests.filter((t) => t.tier === tier).map((t) => bytes(t.input)));
        const next = Math.min(...tests.filter((t) => t.tier === tier + 1).map((t) => bytes(t.input)));
        expect(here, `tier ${tier} vs ${tier + 1}`).toBeLessThanOrEqual(next);
      }
    });

    it('is deterministic for a seed and varies with it', () => {
      expect(generateTests(id, 12345)).toEqual(tests);
      const other = generateTests(id, 54321);
      expect(other.map((t) => t.tier)).toEqual(tests.map((t) => t.tier));
      expect(other.some((t, i) => t.input !== tests[i]?.input)).toBe(true);
    });

    it('ends every input with a newline and keeps tier 4 under 2 MB', () => {
      for (const t of tests) expect(t.input.endsWith('\n')).toBe(true);
      for (const t of tests) expect(bytes(t.input)).toBeLessThan(2_000_000);
    });
  });
});
