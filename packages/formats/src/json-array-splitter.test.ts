import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonArray } from './json-array-stream';
import { chunked, collect, formatErrorOf } from '../test/helpers';

async function split(text: string | Buffer, sizes: number[] = [1 << 20]): Promise<unknown[]> {
  const buf = typeof text === 'string' ? Buffer.from(text) : text;
  return (await collect(parseJsonArray('t.json', chunked(buf, sizes)))).map((e) => e.value);
}

describe('JSON array splitter', () => {
  it('handles strings with brackets, braces, escaped quotes and backslashes', async () => {
    const values = [
      { code: 'a = [1, {2: "x"}]\n}', s: '\\"]},[{' },
      'just ] a } string , with [ stuff {',
      { esc: 'ends with backslash \\', q: '"', both: '\\\\"' },
      [[], {}, [{ a: [] }]],
      42,
      null,
      'ünïcødé ✓ 🚀',
    ];
    const text = JSON.stringify(values, null, 2);
    for (const size of [1, 2, 3, 5, 7, 64]) expect(await split(text, [size])).toEqual(values);
  });

  it('yields nothing for an empty array and tolerates a BOM and whitespace', async () => {
    expect(await split(' [ \n ] \n')).toEqual([]);
    expect(await split(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[1]')]))).toEqual([1]);
  });

  it('gives the same records as JSON.parse for any array and any chunk sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue()),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(undefined, 1, '\t'),
        async (values, sizes, indent) => {
          const text = JSON.stringify(values, null, indent);
          expect(await split(text, sizes)).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ['{"a": 1}', 0, "expected '['"],
    ['[1, 2', 5, 'unexpected end of file'],
    ['[1, "ab', 7, 'inside a string'],
    ['[1,]', 3, 'expected a value'],
    ['[1,,2]', 3, 'expected a value'],
    ['[1] x', 4, 'after the closing'],
    ['[}]', 1, "unbalanced '}'"],
    ['', 0, 'empty file'],
  ])('rejects %j at byte %i', async (text, offset, detail) => {
    const err = await formatErrorOf(() => split(text));
    expect(err.file).toBe('t.json');
    expect(err.location).toMatchObject({ kind: 'byte', offset });
    expect(err.detail).toContain(detail);
  });

  it('reports malformed JSON inside an element with its byte offset and line', async () => {
    const text = '[\n{"a": 1},\n{"b": 2,\n "c": }\n]';
    const err = await formatErrorOf(() => split(text, [4]));
    expect(err.location).toEqual({ kind: 'byte', offset: text.indexOf('}\n]'), line: 4 });
    expect(err.message).toMatch(/^t\.json: byte \d+ \(line 4\): malformed JSON in record 1/);
  });
});
