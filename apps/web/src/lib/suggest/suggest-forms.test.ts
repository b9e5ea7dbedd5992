import { describe, expect, it } from 'vitest';
import { checkSuggestFields, refineRequest } from './suggest-forms';

describe('the suggestion form', () => {
  it('accepts a count and a range', () => {
    expect(checkSuggestFields({ count: '5', lo: '-1.5', hi: ' 2.5' })).toEqual({
      ok: true,
      value: { count: 5, range: [-1.5, 2.5] },
    });
  });
  it('says what is wrong with each field', () => {
    expect(checkSuggestFields({ count: '0', lo: 'abc', hi: '11' })).toEqual({
      ok: false,
      errors: { count: 'a whole number from 1 to 20', lo: '"abc" is not a number', hi: 'must be within [-10, 10]' },
    });
    expect(checkSuggestFields({ count: '3', lo: '2', hi: '1' })).toEqual({
      ok: false,
      errors: { hi: 'must be above the low end' },
    });
    expect(checkSuggestFields({ count: '2.5', lo: '', hi: '1' })).toEqual({
      ok: false,
      errors: { count: 'a whole number from 1 to 20', lo: 'enter an alpha' },
    });
  });
});

describe('the refine form', () => {
  const context = { k: 2, count: 3, range: [-1, 2] as [number, number], setting: 'toy', scale: 'toy' };
  it('builds the route body from the panel and the budget', () => {
    expect(refineRequest({ budget: '12', targetWidth: '' }, context)).toEqual({
      ok: true,
      value: { ...context, budgetAlphas: 12 },
    });
    expect(refineRequest({ budget: '40', targetWidth: '0.25' }, context)).toEqual({
      ok: true,
      value: { ...context, budgetAlphas: 40, targetWidth: 0.25 },
    });
  });
  it('requires a budget of 1 to 40 alphas and a positive target no wider than the range', () => {
    expect(refineRequest({ budget: '', targetWidth: '' }, context)).toEqual({
      ok: false,
      errors: { budget: 'required: how many alphas the run may evaluate' },
    });
    expect(refineRequest({ budget: '41', targetWidth: '-1' }, context)).toEqual({
      ok: false,
      errors: { budget: 'a whole number from 1 to 40', targetWidth: "a positive alpha width, at most the range's 3" },
    });
    expect(refineRequest({ budget: '1.5', targetWidth: '4' }, context)).toMatchObject({
      ok: false,
      errors: { budget: expect.any(String), targetWidth: expect.any(String) },
    });
  });
  it('reports what only the whole check catches', () => {
    expect(refineRequest({ budget: '5', targetWidth: '' }, { ...context, k: 0 })).toEqual({
      ok: false,
      errors: { form: expect.stringContaining('k must be') },
    });
  });
});
