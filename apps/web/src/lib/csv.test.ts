import { describe, expect, it } from 'vitest';
import { safeFilename, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv({
        header: ['a', 'b'],
        rows: [
          [1, 'x'],
          [0.125, null],
        ],
      }),
    ).toBe('a,b\r\n1,x\r\n0.125,\r\n');
  });
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(toCsv({ header: ['t'], rows: [['a,b'], ['say "hi"'], ['two\nlines']] })).toBe(
      't\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });
  it('leaves non-finite numbers empty and neutralises formulas but not negative numbers as text', () => {
    expect(toCsv({ header: ['v'], rows: [[Number.NaN], ['=SUM(A1)'], ['-0.5']] })).toBe(
      "v\r\n\r\n'=SUM(A1)\r\n-0.5\r\n",
    );
  });
});

describe('safeFilename', () => {
  it('keeps letters, digits and dots', () => {
    expect(safeFilename('Study 3: Frontier (α=0.5)')).toBe('study-3-frontier-0.5');
    expect(safeFilename('***')).toBe('export');
  });
});
