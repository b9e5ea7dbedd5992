import { describe, expect, it } from 'vitest';
import { exclusionReasonProblem, MAX_EXCLUSION_REASON, parseExclusionList } from './problem-exclusion';

describe('parseExclusionList', () => {
  it('reads ID and reason per line, by tab or spaces, skipping comments and blank lines', () => {
    const text = '# LiveCodeBench errata\n\nabc301_a\tseveral outputs accepted\r\n  1873_B   interactive  problem \n';
    expect(parseExclusionList(text)).toEqual({
      ok: true,
      items: [
        { externalId: 'abc301_a', reason: 'several outputs accepted', line: 3 },
        { externalId: '1873_B', reason: 'interactive  problem', line: 4 },
      ],
    });
  });

  it('keeps a # inside a reason', () => {
    const r = parseExclusionList('p1 broken test, see #12\n');
    expect(r.ok && r.items[0]!.reason).toBe('broken test, see #12');
  });

  it('names the line of an id without a reason, a repeated id, and an overlong reason', () => {
    expect(parseExclusionList('p1 ok\np2\n')).toEqual({
      ok: false,
      line: 2,
      message: 'problem "p2" has no reason: write ID, then the reason',
    });
    expect(parseExclusionList('p1 a\n# c\np1 b\n')).toMatchObject({
      ok: false,
      line: 3,
      message: /listed already on line 1/,
    });
    expect(parseExclusionList(`p1 ${'x'.repeat(MAX_EXCLUSION_REASON + 1)}`)).toMatchObject({ ok: false, line: 1 });
  });

  it('refuses a list that names nothing', () => {
    expect(parseExclusionList('# only a comment\n\n')).toMatchObject({
      ok: false,
      message: 'the list names no problem',
    });
  });
});

describe('exclusionReasonProblem', () => {
  it('accepts a line of text and refuses blank, overlong or multi-line reasons', () => {
    expect(exclusionReasonProblem(' tests accept several outputs ')).toBeUndefined();
    expect(exclusionReasonProblem('  ')).toMatch(/needs a reason/);
    expect(exclusionReasonProblem('x'.repeat(MAX_EXCLUSION_REASON + 1))).toMatch(/keep the reason to 500/);
    expect(exclusionReasonProblem('a\nb')).toMatch(/one line/);
  });
});
