// The assumptions the demo lab's hard problems are built on (README, "Candidate families"), as
// far as they can be read off the source: every hard problem offers the same families, and the
// three slips of the efficient program look like it to the policy (one line changed, every feature
// equal but the program's length). How each candidate fares is the judge's to say
// (src/policy/demo-frontier.test.ts).
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, rawFeatures } from './policy/features';
import { stripCommentsAndStrings } from './policy/python-source';
import { listCandidates, listProblems, type Candidate } from './problems';

const HARD_FAMILIES = [
  'brute-force',
  'crash-prone',
  'edge-bug',
  'efficient',
  'memory-hungry',
  'slip-bound',
  'slip-edge',
  'slip-logic',
];
const SLIPS = HARD_FAMILIES.filter((n) => n.startsWith('slip-'));
const candidates = listCandidates();
const of = (problemId: string) => candidates.filter((c) => c.problemId === problemId);
const codeLines = (c: Candidate) => c.code.split('\n').filter((l) => !/^\s*#/.test(l));

describe('candidate families', () => {
  const problems = listProblems();

  it('give every hard problem the same eight: two simple, the efficient one and five wrong attempts at it', () => {
    for (const p of problems.filter((q) => q.difficulty === 'hard'))
      expect(
        of(p.id).map((c) => c.name),
        p.id,
      ).toEqual(HARD_FAMILIES);
  });

  it('leave easy and medium problems without slips', () => {
    for (const p of problems.filter((q) => q.difficulty !== 'hard'))
      expect(
        of(p.id).some((c) => c.name.startsWith('slip-')),
        p.id,
      ).toBe(false);
  });

  it("make each slip the efficient program with one line changed, indistinguishable by the policy's features but length", () => {
    const lengthAt = FEATURE_NAMES.indexOf('log_length');
    for (const p of problems.filter((q) => q.difficulty === 'hard')) {
      const efficient = of(p.id).find((c) => c.name === 'efficient')!;
      const want = rawFeatures(efficient.code);
      for (const name of SLIPS) {
        const slip = of(p.id).find((c) => c.name === name)!;
        const [a, b] = [codeLines(efficient), codeLines(slip)];
        expect(b.length, `${p.id}/${name}`).toBe(a.length);
        expect(
          a.filter((line, i) => line !== b[i]),
          `${p.id}/${name}`,
        ).toHaveLength(1);
        expect(stripCommentsAndStrings(slip.code)).not.toBe(stripCommentsAndStrings(efficient.code));
        const got = rawFeatures(slip.code);
        FEATURE_NAMES.forEach((feature, j) => {
          if (j === lengthAt)
            expect(Math.abs((got[j] as number) - (want[j] as number)), `${p.id}/${name}: ${feature}`).toBeLessThan(0.1);
          else expect(got[j], `${p.id}/${name}: ${feature}`).toBe(want[j]);
        });
      }
    }
  });
});
