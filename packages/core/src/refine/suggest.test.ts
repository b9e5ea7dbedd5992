import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suggestAlphas, type Refinement, type SuggestOptions } from './suggest';
import { parabola, syntheticPoints } from '../../test/refine-points';

const ALPHAS = [-0.5, 0, 0.5, 1, 1.5, 2];
/** A peak at 0.7; the failures turn from correctness to optimization between alpha 1 and 1.5. */
const peaked = syntheticPoints(parabola(0.7), ALPHAS, {
  problems: 100,
  samples: 10,
  optimizationShare: (a) => (a < 1.2 ? 0.1 : 0.9),
});
const options: SuggestOptions = { k: 1, count: 3, range: [-1, 3] };

const alphasOf = (r: Refinement) => r.suggestions.map((s) => s.alpha);
const distance = (a: number, others: readonly number[]) => Math.min(Infinity, ...others.map((o) => Math.abs(o - a)));

describe('suggestAlphas before there is a curve', () => {
  it('proposes the trained endpoints first, then spreads over the range', () => {
    const r = suggestAlphas([], { ...options, count: 5 });
    // The middle of [-1, 3] is 1, already proposed.
    expect(r.suggestions.map((s) => [s.alpha, s.kind])).toEqual([
      [0, 'start'],
      [1, 'start'],
      [3, 'start'],
      [-1, 'start'],
    ]);
    expect(r.best).toBeNull();
    expect(r.note).toBe('pass@1 along alpha needs at least two evaluated alphas');
    expect(alphasOf(suggestAlphas([], { ...options, count: 2 }))).toEqual([0, 1]);
    expect(alphasOf(suggestAlphas([], { ...options, count: 5, range: [-1, 2] }))).toEqual([0, 1, 0.5, 2, -1]);
  });

  it('skips what is evaluated, excluded or outside the range', () => {
    const one = syntheticPoints(parabola(0.7), [0], { problems: 20, samples: 5 });
    expect(alphasOf(suggestAlphas(one, { ...options, count: 5, range: [-1, 2] }))).toEqual([1, 0.5, 2, -1]);
    expect(alphasOf(suggestAlphas([], { ...options, count: 5, range: [-1, 2], exclude: [1.02] }))).toEqual([
      0, 0.5, 2, -1,
    ]);
    expect(alphasOf(suggestAlphas([], { ...options, count: 5, range: [1.5, 3] }))).toEqual([2.25, 3, 1.5]);
  });

  it('says so when no problem has k samples at every evaluated alpha', () => {
    const thin = syntheticPoints(parabola(0.7), [0, 1], { problems: 20, samples: 2 });
    const r = suggestAlphas(thin, { ...options, k: 5 });
    expect(r.best).toBeNull();
    expect(r.problems).toBe(0);
    expect(r.note).toBe('no problem has at least 5 judged samples at every evaluated alpha');
    expect(r.suggestions.every((s) => s.kind === 'start')).toBe(true);
  });
});

describe('suggestAlphas on a curve', () => {
  it('estimates the best alpha of a known parabola, and proposes near it first', () => {
    const r = suggestAlphas(peaked, options);
    expect(r.evaluated).toEqual(ALPHAS);
    expect(r.problems).toBe(100);
    expect(Math.abs(r.best!.alpha - 0.7)).toBeLessThanOrEqual(0.05);
    expect(r.best!.lo).toBeLessThanOrEqual(0.7);
    expect(r.best!.hi).toBeGreaterThanOrEqual(0.7);
    expect(r.suggestions[0]!.kind).toBe('best');
    expect(Math.abs(r.suggestions[0]!.alpha - 0.7)).toBeLessThanOrEqual(0.1);
    // pass@1 at -0.5 and 2 is below half the best: collapsed, so the surrogate is neither fitted nor drawn there.
    expect([r.live, r.collapsed]).toEqual([
      [0, 0.5, 1, 1.5],
      [-0.5, 2],
    ]);
    expect(r.collapseBelow).toBeCloseTo(0.5 * 0.588, 2);
    expect([r.curve[0]!.alpha, r.curve.at(-1)!.alpha]).toEqual([0, 1.5]);
    expect(r.note).toBeUndefined();
  });

  it('gives one of each reason: the peak, the collapse bracket, the widest frontier gap', () => {
    const r = suggestAlphas(peaked, { ...options, count: 4 });
    // A jump of five points or more on the frontier comes before the collapse.
    expect(r.suggestions.map((s) => s.kind)).toEqual(['best', 'best', 'frontier', 'collapse']);
    // The failure mix changes most between 1 and 1.5.
    expect(r.suggestions[2]).toMatchObject({ alpha: 1.25, reason: expect.stringContaining('between α=1 and α=1.5') });
    // pass@1 at -0.5 is below half the best, at 0 it is not: the edge is bracketed in between.
    expect(r.suggestions[3]).toMatchObject({
      alpha: -0.25,
      reason: expect.stringContaining('brackets where extrapolation collapses'),
    });
  });

  it('probes further out when nothing collapsed', () => {
    const flat = syntheticPoints((a) => 0.4 + 0.05 * a, [0, 0.5, 1, 1.5], { problems: 60, samples: 10 });
    const probe = suggestAlphas(flat, { ...options, count: 5 }).suggestions.find((s) => s.kind === 'collapse');
    expect(probe).toMatchObject({ alpha: 2, reason: expect.stringContaining('no collapse up to α=1.5') });
  });

  it('narrows towards a cliff right after the best evaluated alpha before anything else', () => {
    const cliff = syntheticPoints((a) => (a <= 1.6 ? 0.3 + 0.2 * a : 0.05), [0, 0.5, 1, 1.5, 2.5], {
      problems: 60,
      samples: 10,
    });
    const [first] = suggestAlphas(cliff, options).suggestions;
    expect(first).toMatchObject({
      alpha: 2,
      kind: 'best',
      reason: expect.stringContaining('the last before a collapse at α=2.5'),
    });
  });

  it('spreads a batch around the peak, each later one with a finite expected gain', () => {
    const r = suggestAlphas(peaked, { ...options, count: 10 });
    expect(r.suggestions).toHaveLength(10);
    const gains = r.suggestions.filter((s) => s.reason.startsWith('may raise'));
    expect(gains.length).toBeGreaterThan(3);
    for (const s of gains) {
      expect(s.reason).toMatch(/expected gain \d+\.\d{3} /);
      expect(Math.abs(s.alpha - 0.7)).toBeLessThan(0.5);
    }
  });

  it('lists the best first: a smaller count gives the first suggestions of a larger one', () => {
    const all = suggestAlphas(peaked, { ...options, count: 8 }).suggestions;
    for (let count = 1; count < 8; count++)
      expect(suggestAlphas(peaked, { ...options, count }).suggestions).toEqual(all.slice(0, count));
  });

  it('keeps away from excluded alphas (queued or running)', () => {
    const free = suggestAlphas(peaked, { ...options, count: 5 });
    const exclude = alphasOf(free).slice(0, 2);
    const r = suggestAlphas(peaked, { ...options, count: 5, exclude });
    for (const a of alphasOf(r)) expect(distance(a, exclude)).toBeGreaterThanOrEqual(0.05 - 1e-9);
    expect(r.suggestions).toHaveLength(5);
  });

  it('is deterministic: the same points and options give the same refinement', () => {
    const drawn = syntheticPoints(parabola(1.2), ALPHAS, { problems: 80, samples: 8, seed: 11 });
    const again = syntheticPoints(parabola(1.2), ALPHAS, { problems: 80, samples: 8, seed: 11 });
    expect(suggestAlphas(again, { ...options, count: 6, seed: 5 })).toEqual(
      suggestAlphas(drawn, { ...options, count: 6, seed: 5 }),
    );
  });

  it('respects the count, the range and the spacing, whatever the data and options', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -0.5, max: 2, noNaN: true }),
        fc.subarray([-1.5, -1, -0.5, 0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3]),
        fc.tuple(fc.integer({ min: -300, max: 100 }), fc.integer({ min: 20, max: 400 })),
        fc.array(fc.integer({ min: -300, max: 400 }), { maxLength: 4 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(0.02, 0.05, 0.1, 0.2),
        fc.integer(),
        (peak, alphas, [lo, width], excludeHundredths, count, minSpacing, seed) => {
          const range = [lo / 100, (lo + width) / 100] as const;
          if (minSpacing >= range[1] - range[0]) return;
          const exclude = excludeHundredths.map((e) => e / 100);
          const points = syntheticPoints(parabola(peak), alphas, { problems: 30, samples: 6, seed });
          const o = { k: 1, count, range, exclude, minSpacing, seed, replicates: 40 };
          const r = suggestAlphas(points, o);
          expect(r.suggestions.length).toBeLessThanOrEqual(count);
          const seen = [...alphas, ...exclude];
          for (const s of r.suggestions) {
            expect(s.alpha).toBeGreaterThanOrEqual(range[0]);
            expect(s.alpha).toBeLessThanOrEqual(range[1]);
            expect(Math.round(s.alpha * 100) / 100).toBe(s.alpha);
            expect(distance(s.alpha, seen)).toBeGreaterThanOrEqual(minSpacing - 1e-9);
            expect(s.reason).not.toMatch(/NaN|undefined|Infinity/);
            seen.push(s.alpha);
          }
          expect(suggestAlphas(points, o)).toEqual(r);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses invalid options with a RangeError naming the option', () => {
    const cases: Array<[Partial<SuggestOptions>, RegExp]> = [
      [{ k: 0 }, /^k must/],
      [{ k: 1.5 }, /^k must/],
      [{ count: 0 }, /^count must/],
      [{ count: 21 }, /^count must/],
      [{ range: [2, 1] }, /^the range must/],
      [{ range: [0, Number.NaN] }, /^the range must/],
      [{ minSpacing: 0 }, /^minSpacing must/],
      [{ minSpacing: 5 }, /^minSpacing must/],
    ];
    for (const [change, message] of cases)
      expect(() => suggestAlphas(peaked, { ...options, ...change })).toThrow(message);
    expect(() => suggestAlphas(peaked, { ...options, k: 0 })).toThrow(RangeError);
  });
});
