import { describe, expect, it } from 'vitest';
import { checkRefineSettings, MAX_REFINE_ALPHAS, type RefineSettings } from './settings';

const good: RefineSettings = { k: 1, count: 3, range: [-1, 2], budgetAlphas: 6 };

describe('checkRefineSettings', () => {
  it('accepts good settings as they are', () => {
    expect(checkRefineSettings(good)).toEqual({ ok: true, settings: good });
    const samples = { ...good, budgetAlphas: undefined, budgetSamples: 50_000, targetWidth: 0.2 };
    expect(checkRefineSettings(samples).ok).toBe(true);
    expect(checkRefineSettings({ ...good, from: '2024-05-01', to: '2024-05-01' }).ok).toBe(true);
    expect(
      checkRefineSettings({ ...good, budgetAlphas: MAX_REFINE_ALPHAS, range: [-10, 10], targetWidth: 20 }).ok,
    ).toBe(true);
  });

  // Each bad field is refused with a message that names it (values as a JSON body might send them).
  const refused: Array<[string, Partial<Record<keyof RefineSettings, unknown>>, RegExp]> = [
    ['from not a day', { from: '2024-02-30' }, /^from is not a day of the calendar/],
    ['to not a date', { to: 'soon' }, /^to must be a date written YYYY-MM-DD/],
    ['from after to', { from: '2024-05-02', to: '2024-05-01' }, /from \(2024-05-02\) is after to/],
    ['k zero', { k: 0 }, /^k must/],
    ['k fractional', { k: 1.5 }, /^k must/],
    ['k a string', { k: '1' }, /^k must/],
    ['k too large', { k: 10_001 }, /^k must/],
    ['count zero', { count: 0 }, /^count must/],
    ['count above 20', { count: 21 }, /^count must/],
    ['count NaN', { count: Number.NaN }, /^count must/],
    ['range reversed', { range: [2, -1] }, /^range must/],
    ['range empty', { range: [1, 1] }, /^range must/],
    ['range beyond 10', { range: [-1, 11] }, /^range must/],
    ['range below -10', { range: [-10.5, 0] }, /^range must/],
    ['range of one number', { range: [1] }, /^range must/],
    ['range missing', { range: undefined }, /^range must/],
    ['range of strings', { range: ['0', '1'] }, /^range must/],
    ['no budget', { budgetAlphas: undefined }, /budget/],
    ['alpha budget zero', { budgetAlphas: 0 }, /alpha budget/],
    ['alpha budget over the cap', { budgetAlphas: MAX_REFINE_ALPHAS + 1 }, /alpha budget/],
    ['sample budget fractional', { budgetSamples: 10.5 }, /sample budget/],
    ['sample budget negative', { budgetSamples: -5 }, /sample budget/],
    ['target width zero', { targetWidth: 0 }, /target width/],
    ['target width wider than the range', { targetWidth: 3.5 }, /target width/],
    ['target width NaN', { targetWidth: Number.NaN }, /target width/],
  ];
  for (const [what, change, message] of refused) {
    it(`refuses ${what}`, () => {
      const r = checkRefineSettings({ ...good, ...change } as RefineSettings);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.message).toMatch(message);
    });
  }
});
