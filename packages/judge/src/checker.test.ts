import { describe, expect, it } from 'vitest';
import { checkOutput, functionalEqual, lcbStdioEqual } from './checker';
import { decimalEqual } from './decimal';

describe('checkOutput', () => {
  it('compares tokens ignoring whitespace by default', () => {
    expect(checkOutput({ mode: 'tokens' }, '1  2\n3\n\n', ' 1 2 3')).toBe(true);
    expect(checkOutput({ mode: 'tokens' }, '1 2', '1 2 3')).toBe(false);
    expect(checkOutput({ mode: 'tokens' }, '', '\n')).toBe(true);
    expect(checkOutput({ mode: 'tokens' }, '1.0', '1')).toBe(false);
  });
  it('accepts floats within absolute or relative tolerance', () => {
    const c = { mode: 'float' as const };
    expect(checkOutput(c, '0.3333333', '0.33333333')).toBe(true);
    expect(checkOutput(c, '0.334', '0.333')).toBe(false);
    expect(checkOutput({ mode: 'float', relTol: 1e-3, absTol: 0 }, '1000.5', '1000')).toBe(true);
    expect(checkOutput(c, 'abc', 'abc')).toBe(true);
    expect(checkOutput(c, 'nan', '1')).toBe(false);
  });
  it('exact mode is byte for byte', () => {
    expect(checkOutput({ mode: 'exact' }, '1\n', '1\n')).toBe(true);
    expect(checkOutput({ mode: 'exact' }, '1', '1\n')).toBe(false);
  });
});

describe('LiveCodeBench rule', () => {
  it('strips lines and compares numbers as Decimals', () => {
    expect(lcbStdioEqual('  3 \n4\n\n', '3\n4')).toBe(true);
    expect(lcbStdioEqual('30.0\n', '30\n')).toBe(true);
    expect(lcbStdioEqual('1e2 5', '100 5.00')).toBe(true);
    expect(lcbStdioEqual('3 4', '3\n4')).toBe(false);
    expect(lcbStdioEqual('0.1', '0.10000000001')).toBe(false);
    expect(lcbStdioEqual('Yes', 'YES')).toBe(false);
  });
  it("uses Python's whitespace and Decimal digits, not JavaScript's", () => {
    expect(lcbStdioEqual('\ufeff3', '3')).toBe(false); // U+FEFF is not whitespace to Python
    expect(lcbStdioEqual('1\x1c2\x85', '1 2')).toBe(true);
    expect(lcbStdioEqual('\u00a03\u3000', '3')).toBe(true);
    expect(lcbStdioEqual('\uff11\u0662 \u{1d7d9}', '12 1')).toBe(true); // fullwidth, Arabic-Indic, math digits
    expect(lcbStdioEqual('x\u0662', 'x2')).toBe(false);
    expect(lcbStdioEqual(`1${' '.repeat(200_000)}2`, '1 2')).toBe(true);
  });
  it('parses Decimal literals like Python', () => {
    expect(decimalEqual('-0', '0.000')).toBe(true);
    expect(decimalEqual('1_000', '1000')).toBe(true);
    expect(decimalEqual('Infinity', 'inf')).toBe(true);
    expect(decimalEqual('nan', 'nan')).toBe(false);
    expect(decimalEqual('1.', '.1e1')).toBe(true);
    expect(decimalEqual('1,0', '1')).toBeUndefined();
    expect(decimalEqual('.', '0')).toBeUndefined();
  });
  it('compares functional answers with Python == semantics', () => {
    expect(functionalEqual('[1, 2]', '[1.0, 2]')).toBe(true);
    expect(functionalEqual('true', '1')).toBe(true);
    expect(functionalEqual('[[1], "a"]', '[[1], "a"]')).toBe(true);
    expect(functionalEqual('{"a": 1}', '{"a": 1.0}')).toBe(true);
    expect(functionalEqual('[1, 2]', '[2, 1]')).toBe(false);
    expect(functionalEqual('null', '0')).toBe(false);
    expect(functionalEqual('debug\n[1]', '[1]')).toBe(false);
  });
});
