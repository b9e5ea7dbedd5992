import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeLcbTests } from './lcb';
import { unpickleString } from './pickle';

// pickle.dumps('[{"input": "1\\n", ...}]') at protocol 4 and 0, produced by CPython 3.11.
const P4 = Buffer.from(
  'gASVOgAAAAAAAACMNlt7ImlucHV0IjogIjFcbiIsICJvdXRwdXQiOiAiMiIsICJ0ZXN0dHlwZSI6ICJzdGRpbiJ9XZQu',
  'base64',
);
const P0 = Buffer.from('VmjpbGxvCnAwCi4=', 'base64');

describe('unpickleString', () => {
  it('reads a protocol 4 str with FRAME, SHORT_BINUNICODE and MEMOIZE', () => {
    expect(unpickleString(P4)).toBe('[{"input": "1\\n", "output": "2", "testtype": "stdin"}]');
  });
  it('reads a protocol 0 str', () => {
    expect(unpickleString(P0)).toBe('h\u00e9llo');
  });
  it('rejects anything but a str', () => {
    expect(() => unpickleString(Buffer.from([0x80, 4, 0x4b, 1, 0x2e]))).toThrow(/unsupported opcode 0x4b/);
  });
  it('decodes LiveCodeBench private test cases', () => {
    const stored = deflateSync(P4).toString('base64');
    expect(decodeLcbTests(stored, 'x')).toEqual([{ input: '1\n', output: '2', testtype: 'stdin' }]);
    expect(() => decodeLcbTests('%%%', 'problem 7')).toThrow(/problem 7/);
  });
});
