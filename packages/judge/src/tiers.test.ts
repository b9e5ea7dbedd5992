import { describe, expect, it } from 'vitest';
import { parseBenchmark } from './benchmark';
import { resolveLimits } from './limits';
import { deriveTiers, judgingOrder } from './tiers';

describe('deriveTiers', () => {
  it('cuts tests into k groups by input size', () => {
    const inputs = ['aaaa', 'a', 'aaaaaaaa', 'aa', 'aaaaaa', 'aaa', 'aaaaaaa', 'aaaaa'];
    const { tiers, derivation } = deriveTiers(inputs, 4);
    expect(tiers).toEqual([2, 1, 4, 1, 3, 2, 4, 3]);
    expect(derivation).toEqual({ method: 'input-bytes-quantiles', k: 4, maxInputBytes: [2, 4, 6, 8] });
  });
  it('never splits equal sizes across tiers', () => {
    const { tiers, derivation } = deriveTiers(['x', 'x', 'x', 'yy'], 4);
    expect(tiers).toEqual([1, 1, 1, 2]);
    expect(derivation.k).toBe(2);
  });
  it('orders tests tier by tier', () => {
    expect(judgingOrder([{ tier: 2 }, { tier: 1 }, { tier: 2 }, { tier: 1 }] as never)).toEqual([1, 3, 0, 2]);
  });
});

describe('parseBenchmark', () => {
  const one = (p: object) =>
    JSON.stringify({ problems: [{ id: 'p', tests: [{ input: '1', output: '1', tier: 1 }], ...p }] });
  it('reads limits, checker and tiers (compacted to 1..K)', () => {
    const b = parseBenchmark(
      JSON.stringify({
        defaults: { timeS: 1 },
        problems: [
          {
            id: 'p',
            limits: { memoryMib: 64 },
            checker: { mode: 'float', absTol: 1e-3 },
            tests: [
              { input: 'a', output: 'b', tier: 3 },
              { input: 'c', output: 'd', tier: 7 },
            ],
          },
        ],
      }),
      'b.json',
    );
    const p = b.problems.get('p')!;
    expect(p.limits).toEqual({ timeS: 1, memoryMib: 64 });
    expect(p.checker).toEqual({ mode: 'float', absTol: 1e-3, relTol: undefined });
    expect(p.tests.map((t) => t.tier)).toEqual([1, 2]);
  });
  it('keeps a release date, as UTC, and refuses one that is not a date', () => {
    expect(parseBenchmark(one({ release_date: '2024-05-01' }), 'b.json').problems.get('p')!.releaseDate).toEqual(
      new Date(Date.UTC(2024, 4, 1)),
    );
    expect(parseBenchmark(one({}), 'b.json').problems.get('p')!.releaseDate).toBeUndefined();
    expect(() => parseBenchmark(one({ release_date: 'spring' }), 'b.json')).toThrow(/release_date must be an ISO date/);
  });
  it('derives tiers when none are given', () => {
    const b = parseBenchmark(
      JSON.stringify({
        problems: [
          {
            id: 'p',
            tests: [
              { input: 'aaa', output: '' },
              { input: 'a', output: '' },
            ],
          },
        ],
      }),
      'b',
    );
    expect(b.problems.get('p')!.tierDerivation?.k).toBe(2);
  });
  it('names the record on bad input', () => {
    expect(() => parseBenchmark('{"problems": [', 'x.json')).toThrow(/x.json.*does not parse/);
    expect(() => parseBenchmark(one({ tests: [] }), 'b')).toThrow(/problem #1 \(id p\): problem has no tests/);
    expect(() => parseBenchmark(one({ checker: 'fuzzy' }), 'b')).toThrow(/unknown checker mode "fuzzy"/);
    expect(() => parseBenchmark(one({ limits: { timeS: -1 } }), 'b')).toThrow(/timeS must be a positive/);
  });
  it('resolves limits: command line over problem over defaults, wall 3x CPU', () => {
    expect(resolveLimits({ timeS: 1 }, { memoryMib: 64 }, 'python')).toMatchObject({
      cpuMs: 1000,
      wallMs: 3000,
      memoryBytes: 64 << 20,
    });
    expect(resolveLimits({ timeS: 1 }, { timeS: 3 }, 'cpp', { python: 1, cpp: 0.5 }).cpuMs).toBe(1500);
  });
});
