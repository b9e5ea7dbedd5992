import { describe, expect, it } from 'vitest';
import { COUNT_FIELDS, type StudyData } from '@frontier/core';
import { computeTriage, dominantTier } from './triage';
import { triageCsv } from './triage-csv';
import { defaultPair, resolvePair } from './triage-params';

type Cell = Partial<Record<(typeof COUNT_FIELDS)[number], number>>;

/** Study data of two checkpoints (LOW id 10, HIGH id 20) from per-problem cells. */
function study(a: Cell[], b: Cell[]): StudyData {
  const problems = a.map((_, i) => ({ id: 100 + i, externalId: `p${i}`, title: `P${i}`, difficulty: 'hard' }));
  const counts = Object.fromEntries(
    COUNT_FIELDS.map((f) => [f, [...a, ...b].map((cell) => cell[f] ?? (f === 'n' ? -1 : 0))]),
  ) as StudyData['counts'];
  return {
    studyId: 1,
    dataVersion: 1,
    filters: {},
    checkpoints: [
      { id: 10, name: 'lo', role: 'LOW', alpha: 0, scale: '' },
      { id: 20, name: 'hi', role: 'HIGH', alpha: 1, scale: '' },
    ],
    problems,
    counts,
  };
}

const RATE = { rule: { kind: 'rate', tau: 0.5 }, threshold: 0.05 } as const;

describe('computeTriage', () => {
  const data = study(
    [
      { n: 4, solved: 2, wa: 2 },
      { n: 4, solved: 0, tle: 3, wa: 1 },
      { n: 4, solved: 1, tle: 3 },
      { n: 4, solved: 0, mle: 4 },
      { n: -1 },
    ],
    [
      { n: 4, solved: 0, wa: 4 },
      { n: 4, solved: 4 },
      { n: 4, solved: 3, re: 1 },
      { n: 4, solved: 0, wa: 2, tle: 2 },
      { n: 4, solved: 4 },
    ],
  );
  const t = computeTriage(data, 0, 1, RATE, { a: { 101: [0, 1, 2] }, b: { 100: [3, 1] } });

  it('compares every problem both sides have, with McNemar under the solved rule', () => {
    expect(t.problems).toBe(4);
    expect(t.excluded).toBe(1);
    // c/n >= 0.5: A solves p0 only, B solves p1 and p2.
    expect(t.mcnemar).toMatchObject({ b: 1, c: 2 });
    expect(t.solvedByA).toBe(1);
    expect(t.solvedByB).toBe(2);
    const any = computeTriage(data, 0, 1, { ...RATE, rule: { kind: 'any' } });
    expect(any.mcnemar).toMatchObject({ b: 1, c: 1 });
  });

  it('takes the difference of mean c/n, A minus B', () => {
    expect(t.rateA).toBeCloseTo((0.5 + 0 + 0.25 + 0) / 4, 12);
    expect(t.rateB).toBeCloseTo((0 + 1 + 0.75 + 0) / 4, 12);
    expect(t.difference.estimate).toBeCloseTo(t.rateA - t.rateB, 12);
  });

  it("ranks every problem by q, then |difference|, with each side's evidence", () => {
    expect(t.queue.map((r) => r.problemId)).toEqual([101, 100, 102, 103]);
    for (let i = 1; i < t.queue.length; i++) expect(t.queue[i]!.q).toBeGreaterThanOrEqual(t.queue[i - 1]!.q);
    const [first] = t.queue;
    expect(first?.diff.estimate).toBe(-1);
    expect(first?.a.dominant).toEqual({ verdict: 'TLE', count: 3 });
    expect(first?.a.firstFailTier).toEqual({ tier: 3, count: 2, failing: 3 });
    expect(first?.b.dominant).toBeNull();
    expect(first?.b.solved).toBe(true);
    expect(t.queue[1]?.b.firstFailTier).toEqual({ tier: 1, count: 3, failing: 4 });
  });

  it('writes the queue as CSV rows in queue order, naming the rule', () => {
    const csv = triageCsv(t.queue, { name: 'lo' }, { name: 'hi' }, RATE.rule);
    expect(csv.rows.map((r) => r[1])).toEqual([101, 100, 102, 103]);
    expect(csv.header.length).toBe(csv.rows[0]?.length);
    expect(csv.rows[0]?.[csv.header.indexOf('solved_rule')]).toBe('c/n ≥ 0.5');
    expect(csv.rows[0]?.[csv.header.indexOf('q_bh')]).toBe(t.queue[0]?.q);
  });
});

describe('dominantTier', () => {
  it('picks the most common first failing tier, the lower on ties; null without failures', () => {
    expect(dominantTier([2, 2, 1])).toEqual({ tier: 1, count: 2, failing: 5 });
    expect(dominantTier([0, 0])).toBeNull();
    expect(dominantTier(null)).toBeNull();
  });
});

describe('triage pair', () => {
  const cps = study([{ n: 1 }], [{ n: 1 }]).checkpoints;
  it('defaults to the low and high endpoints', () => {
    expect(defaultPair(cps)).toEqual({ a: 10, b: 20 });
    expect(resolvePair(new URLSearchParams(''), cps)).toMatchObject({ a: 10, b: 20, defaulted: true });
  });
  it('keeps ids from the URL and reports unknown ones', () => {
    expect(resolvePair(new URLSearchParams('a=20&b=10'), cps)).toMatchObject({
      a: 20,
      b: 10,
      defaulted: false,
      unknown: [],
    });
    expect(resolvePair(new URLSearchParams('a=99&b=x'), cps)).toMatchObject({ a: null, b: null, unknown: ['99', 'x'] });
  });
});
