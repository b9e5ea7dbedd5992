import { describe, expect, it } from 'vitest';
import { readLcbEvalFile } from './lcb';
import { collect, formatErrorOf, tempDir, writeFixture } from '../test/helpers';

const dir = await tempDir();

const meta = (code?: number): string =>
  JSON.stringify(code === undefined ? { 'execution time': 0.01 } : { error_code: code, error_message: 'x' });

function record(id: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    question_id: id,
    question_title: `Title ${id}`,
    difficulty: 'hard',
    platform: 'atcoder',
    contest_date: '2024-03-09T00:00:00',
    code_list: ['print(1)', 'print("[{\\"}")', 'x = {', 'while True: pass', 'import os', '1/0'],
    graded_list: [true, false, false, false, false, false],
    metadata: [meta(), meta(-2), meta(-1), meta(-3), meta(-5), meta(-4)],
    output_list: ['ignored'],
    'pass@1': 16.7,
    ...over,
  };
}

async function writeRecords(name: string, records: unknown[]): Promise<string> {
  return writeFixture(dir, name, JSON.stringify(records, null, 2));
}

describe('readLcbEvalFile', () => {
  it('parses and normalises records, mapping error codes to verdicts', async () => {
    const path = await writeRecords('ok.json', [
      record('abc301_a'),
      record('2876', {
        difficulty: 'Easy',
        contest_date: null,
        metadata: [meta(), '{}', meta(-1), meta(-3), meta(-5), meta(-4)],
      }),
    ]);
    const records = await collect(readLcbEvalFile(path, { chunkBytes: 7 }));
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual({
      questionId: 'abc301_a',
      title: 'Title abc301_a',
      difficulty: 'hard',
      platform: 'atcoder',
      contestDate: new Date(Date.UTC(2024, 2, 9)),
      samples: [
        { idx: 0, code: 'print(1)', verdict: 'AC', responseChars: 8 },
        { idx: 1, code: 'print("[{\\"}")', verdict: 'WA', responseChars: 14 },
        { idx: 2, code: 'x = {', verdict: 'CE', responseChars: 5 },
        { idx: 3, code: 'while True: pass', verdict: 'TLE', responseChars: 16 },
        { idx: 4, code: 'import os', verdict: 'IE', responseChars: 9 },
        { idx: 5, code: '1/0', verdict: 'RE', responseChars: 3 },
      ],
    });
    expect(records[1]!.difficulty).toBe('easy');
    expect(records[1]!.contestDate).toBeNull();
    // graded false with no error_code: WA by default, configurable.
    expect(records[1]!.samples[1]!.verdict).toBe('WA');
    const asIe = await collect(readLcbEvalFile(path, { unexplainedFailure: 'IE' }));
    expect(asIe[1]!.samples[1]!.verdict).toBe('IE');
  });

  it.each([
    [
      'a wrong type',
      { graded_list: [true, false, 'no', false, false, false] },
      'graded_list[2]',
      'expected boolean, got string "no"',
    ],
    ['a missing field', { question_title: undefined }, 'question_title', 'missing (required)'],
    ['an unknown difficulty', { difficulty: 'insane' }, 'difficulty', 'expected one of "easy", "medium", "hard"'],
    [
      'an unknown error code',
      { metadata: [meta(), meta(-2), meta(-7), meta(-3), meta(-5), meta(-4)] },
      'metadata[2].error_code',
      'unknown error code -7',
    ],
    ['mismatched lengths', { graded_list: [true] }, 'graded_list', 'has 1 entries but code_list has 6'],
    [
      'metadata that is not JSON',
      { metadata: [meta(), '{oops', meta(-1), meta(-3), meta(-5), meta(-4)] },
      'metadata[1]',
      'malformed JSON string',
    ],
    ['a bad contest date', { contest_date: 'last tuesday' }, 'contest_date', 'not an ISO date'],
    ['a NUL in the title', { question_title: 'Two\u0000Sum' }, 'question_title', 'must not contain control characters'],
    ['a 20 MB title', { question_title: 'x'.repeat(20_000_000) }, 'question_title', 'at most 500 characters'],
    ['a line break in the platform', { platform: 'at\ncoder' }, 'platform', 'must not contain control characters'],
    ['a short token list', { num_tokens: [1, 2] }, 'num_tokens', 'has 2 entries but code_list has 6'],
    ['a negative token count', { output_tokens: [1, 2, 3, -4, 5, 6] }, 'output_tokens[3]', 'Too small'],
    [
      'two token lists',
      { completion_tokens: [1, 1, 1, 1, 1, 1], num_tokens: [1, 1, 1, 1, 1, 1] },
      'num_tokens',
      'give one token list, not both completion_tokens and num_tokens',
    ],
  ])('rejects %s naming file, record, question_id and field', async (_what, over, field, detail) => {
    const path = await writeRecords('bad.json', [record('p0'), record('p1', over)]);
    const err = await formatErrorOf(() => collect(readLcbEvalFile(path)));
    expect(err.file).toBe(path);
    expect(err.location).toEqual({ kind: 'record', index: 1, id: 'p1' });
    expect(err.field).toBe(field);
    expect(err.detail).toContain(detail);
    expect(err.message).toBe(`${path}: record 1 (question_id "p1"): field ${field}: ${err.detail}`);
  });

  it('measures the raw outputs (output_list) and reads a token list, where the record has them', async () => {
    const outputs = ['Here: print(1)', 'é', '', 'x', 'y', 'z'];
    const path = await writeRecords('lengths.json', [
      record('a', { output_list: outputs, completion_tokens: [5, null, 0, 1, 1, 1] }),
    ]);
    const [r] = await collect(readLcbEvalFile(path));
    expect(r!.samples.map((s) => s.responseChars)).toEqual([14, 1, 0, 1, 1, 1]);
    expect(r!.samples.map((s) => s.completionTokens)).toEqual([5, undefined, 0, 1, 1, 1]);
    // An output_list that does not line up with code_list is not read: the programs' lengths.
    const [short] = await collect(readLcbEvalFile(await writeRecords('short.json', [record('b')])));
    expect(short!.samples.map((s) => s.responseChars)).toEqual([8, 14, 5, 16, 9, 3]);
  });

  it('rejects a duplicate question_id naming both records', async () => {
    const path = await writeRecords('dup.json', [record('a'), record('b'), record('a')]);
    const err = await formatErrorOf(() => collect(readLcbEvalFile(path)));
    expect(err.location).toEqual({ kind: 'record', index: 2, id: 'a' });
    expect(err.field).toBe('question_id');
    expect(err.detail).toContain('also record 0');
  });

  it('rejects malformed JSON with the byte offset and line', async () => {
    const good = JSON.stringify(record('a'));
    const text = `[${good},\n{"question_id": "b", "x": ]\n]`;
    const path = await writeFixture(dir, 'malformed.json', text);
    const err = await formatErrorOf(() => collect(readLcbEvalFile(path, { chunkBytes: 16 })));
    expect(err.location).toEqual({ kind: 'byte', offset: text.indexOf(']\n]'), line: 2 });
    expect(err.detail).toContain('malformed JSON in record 1');
  });

  it('rejects a record that is not an object, and a missing file', async () => {
    const path = await writeRecords('scalar.json', [record('a'), 7]);
    const err = await formatErrorOf(() => collect(readLcbEvalFile(path)));
    expect(err.location).toEqual({ kind: 'record', index: 1 });
    expect(err.detail).toBe('expected an object');
    const missing = await formatErrorOf(() => collect(readLcbEvalFile(`${dir}/nope.json`)));
    expect(missing.detail).toBe('file not found');
  });
});
