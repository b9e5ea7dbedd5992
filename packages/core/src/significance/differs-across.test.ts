import { describe, expect, it } from 'vitest';
import { benjaminiHochberg } from './false-discovery';
import { rateDifferences } from './differs-across';
import { rateHomogeneity } from './rate-homogeneity';

describe('rateDifferences', () => {
  it('tests each problem and adjusts over the problems that could be tested', () => {
    const n = [64, 64, 64, 64];
    const problems = [
      { solved: [5, 20, 40, 60], n }, // a clear trend
      { solved: [30, 32, 31, 29], n }, // flat
      { solved: [0, 0, 0, 0], n }, // never solved: nothing differs
      { solved: [3, 0, 0, 0], n: [10, -1, 0, -1] }, // one measured checkpoint: untestable
    ];
    const r = rateDifferences(problems);
    expect(r[0]!.q).toBeLessThan(1e-10);
    expect(r[1]!.q).toBeGreaterThan(0.5);
    expect(r[2]).toMatchObject({ p: 1, method: 'constant' });
    expect(r[3]!.method).toBe('untestable');
    expect(r[3]!.q).toBeNaN();
    const ps = problems.slice(0, 3).map((p) => rateHomogeneity(p.solved, p.n).p);
    benjaminiHochberg(ps).forEach((q, i) => expect(r[i]!.q).toBeCloseTo(q, 12));
  });
});
