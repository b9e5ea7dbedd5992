import { describe, expect, it } from 'vitest';
import {
  addVerdictChange,
  describeVerdictChanges,
  summariseVerdictChanges,
  type VerdictChanges,
} from './verdict-changes';

describe('verdict changes', () => {
  it('counts transitions and ignores unchanged verdicts', () => {
    const c: VerdictChanges = {};
    addVerdictChange(c, 'TLE', 'AC');
    addVerdictChange(c, 'TLE', 'AC');
    addVerdictChange(c, 'AC', 'AC');
    addVerdictChange(c, 'WA', 'MLE');
    expect(c).toEqual({ 'TLE>AC': 2, 'WA>MLE': 1 });
  });

  it('groups them by failure class, most first, keeping changes within a class apart', () => {
    const s = summariseVerdictChanges({ 'TLE>AC': 5, 'MLE>AC': 4, 'WA>TLE': 3, 'TLE>MLE': 2, bogus: 7 });
    expect(s.changed).toBe(14);
    expect(s.byClass).toEqual([
      { from: 'OPTIMIZATION', to: 'SOLVED', count: 9 },
      { from: 'CORRECTNESS', to: 'OPTIMIZATION', count: 3 },
    ]);
    expect(s.withinClass).toEqual([{ from: 'TLE', to: 'MLE', count: 2 }]);
  });

  it('orders ties by class, whatever order the counts were stored in', () => {
    const a = describeVerdictChanges({ 'TLE>AC': 1, 'AC>WA': 1, 'MLE>WA': 1 });
    expect(a).toBe('3 changed: 1 SOLVED->CORRECTNESS, 1 OPTIMIZATION->SOLVED, 1 OPTIMIZATION->CORRECTNESS');
    expect(describeVerdictChanges({ 'MLE>WA': 1, 'AC>WA': 1, 'TLE>AC': 1 })).toBe(a);
  });

  it('says it in one line', () => {
    expect(describeVerdictChanges({ 'TLE>AC': 5, 'MLE>AC': 4, 'WA>TLE': 3 })).toBe(
      '12 changed: 9 OPTIMIZATION->SOLVED, 3 CORRECTNESS->OPTIMIZATION',
    );
    expect(describeVerdictChanges({ 'TLE>AC': 1, 'TLE>MLE': 2 })).toBe(
      '3 changed: 1 OPTIMIZATION->SOLVED (2 within a class: 2 TLE->MLE)',
    );
    expect(describeVerdictChanges({ 'TLE>MLE': 2 })).toBe('2 changed: (2 within a class: 2 TLE->MLE)');
    expect(describeVerdictChanges({})).toBe('no verdict changed');
  });
});
