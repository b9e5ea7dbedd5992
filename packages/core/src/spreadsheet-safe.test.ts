import { describe, expect, it } from 'vitest';
import { spreadsheetSafe } from './spreadsheet-safe';

describe('spreadsheetSafe', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+cmd|/C calc!A0', "'+cmd|/C calc!A0"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
  ])('neutralises %j', (text, safe) => {
    expect(spreadsheetSafe(text)).toBe(safe);
  });

  it.each([['-3'], ['+1.5e3'], ['-0.25'], ['two-sum'], ['a=b'], [''], ['1-2']])('keeps %j', (text) => {
    expect(spreadsheetSafe(text)).toBe(text);
  });
});
