import { describe, expect, it } from 'vitest';
import { readJsonlSamples } from './jsonl';
import { collect, formatErrorOf, tempDir, writeFixture } from '../test/helpers';

const dir = await tempDir();

const lines = (...objects: unknown[]): string =>
  objects.map((o) => (typeof o === 'string' ? o : JSON.stringify(o))).join('\n');

describe('readJsonlSamples', () => {
  it('parses samples, applies defaults and skips empty lines', async () => {
    const path = await writeFixture(
      dir,
      'ok.jsonl',
      lines(
        {
          problem_id: 'p1',
          code: 'print(1)',
          title: 'One',
          difficulty: 'hard',
          platform: 'leetcode',
          contest_date: '2024-01-02',
        },
        '',
        '   ',
        {
          problem_id: 'p1',
          code: 'print(2)',
          id: 's2',
          verdict: 'TLE',
          response: 'Käse 😀\n```python\nprint(2)\n```',
          num_tokens: 12,
          tests: [
            { tier: 1, verdict: 'AC', cpu_ms: 3, peak_kib: 900 },
            { tier: 2, verdict: 'TLE' },
          ],
        },
        { problem_id: 'p2', code: 'int main(){}', language: 'cpp', index: 5, verdict: 'AC', completion_tokens: 0 },
      ) + '\r\n',
    );
    const samples = await collect(readJsonlSamples(path));
    expect(samples).toEqual([
      {
        line: 1,
        problemId: 'p1',
        code: 'print(1)',
        language: 'python',
        index: 0,
        verdict: null,
        tests: [],
        title: 'One',
        difficulty: 'hard',
        platform: 'leetcode',
        contestDate: new Date(Date.UTC(2024, 0, 2)),
        responseChars: 8,
      },
      {
        line: 4,
        id: 's2',
        problemId: 'p1',
        code: 'print(2)',
        language: 'python',
        index: 1,
        verdict: 'TLE',
        tests: [
          { tier: 1, verdict: 'AC', cpuMs: 3, peakKib: 900 },
          { tier: 2, verdict: 'TLE' },
        ],
        // The response, not the program; the emoji is one character.
        responseChars: 29,
        completionTokens: 12,
      },
      {
        line: 5,
        problemId: 'p2',
        code: 'int main(){}',
        language: 'cpp',
        index: 5,
        verdict: 'AC',
        tests: [],
        responseChars: 12,
        completionTokens: 0,
      },
    ]);
  });

  it.each([
    ['malformed JSON', '{"problem_id": "p", "code": ', undefined, 'malformed JSON'],
    ['a non-object', '[1, 2]', undefined, 'expected a JSON object'],
    ['a missing field', { code: 'x' }, 'problem_id', 'missing (required)'],
    ['a wrong type', { problem_id: 'p', code: 7 }, 'code', 'expected string, got number 7'],
    ['an unknown verdict', { problem_id: 'p', code: 'x', verdict: 'OK' }, 'verdict', 'expected one of'],
    [
      'a bad test entry',
      { problem_id: 'p', code: 'x', tests: [{ verdict: 'AC' }, { verdict: 'AC', tier: 0 }] },
      'tests[1].tier',
      'Too small',
    ],
    ['a negative index', { problem_id: 'p', code: 'x', index: -1 }, 'index', 'Too small'],
    ['an unknown field (a typo)', { problem_id: 'p', code: 'x', verdcit: 'AC' }, undefined, 'unknown field "verdcit"'],
    ['a bad language', { problem_id: 'p', code: 'x', language: 'rust' }, 'language', 'expected one of "python", "cpp"'],
    ['a negative token count', { problem_id: 'p', code: 'x', output_tokens: -3 }, 'output_tokens', 'Too small'],
    [
      'two token counts',
      { problem_id: 'p', code: 'x', completion_tokens: 3, num_tokens: 3 },
      'num_tokens',
      'give one token count per sample, not both completion_tokens and num_tokens',
    ],
  ])('rejects %s naming file, line and field', async (_what, bad, field, detail) => {
    const path = await writeFixture(dir, 'bad.jsonl', lines({ problem_id: 'p', code: 'ok' }, '', bad));
    const err = await formatErrorOf(() => collect(readJsonlSamples(path)));
    expect(err.file).toBe(path);
    expect(err.location).toEqual({ kind: 'line', line: 3 });
    expect(err.field).toBe(field);
    expect(err.detail).toContain(detail);
    expect(err.message.startsWith(`${path}: line 3: ${field === undefined ? '' : `field ${field}: `}`)).toBe(true);
  });

  it('rejects a duplicate id naming both lines', async () => {
    const path = await writeFixture(
      dir,
      'dup-id.jsonl',
      lines({ problem_id: 'a', code: '', id: 'x' }, { problem_id: 'b', code: '', id: 'x' }),
    );
    const err = await formatErrorOf(() => collect(readJsonlSamples(path)));
    expect(err.location).toEqual({ kind: 'line', line: 2 });
    expect(err.field).toBe('id');
    expect(err.detail).toContain('also line 1');
  });

  it.each([
    [{ problem_id: 'a\u0000b', code: '' }, 'problem_id', /control characters/],
    [{ problem_id: 'a', code: '', title: 'line\nbreak' }, 'title', /control characters/],
    [{ problem_id: 'a', code: '', title: 't'.repeat(501) }, 'title', /at most 500 characters/],
    [{ problem_id: 'a', code: '', platform: 'at\u0000coder' }, 'platform', /control characters/],
    [{ problem_id: 'a', code: '', index: 2 ** 31 }, 'index', /at most 2147483647/],
    [{ problem_id: 'a', code: '', response: 'x\u0000' }, 'response', /NUL/],
    [{ problem_id: 'a', code: '', completion_tokens: 2 ** 40 }, 'completion_tokens', /at most 2147483647/],
  ])('refuses text and numbers the database cannot hold, naming the line and field (%j)', async (line, field, why) => {
    const path = await writeFixture(dir, 'bad-field.jsonl', lines({ problem_id: 'ok', code: '' }, line));
    const err = await formatErrorOf(() => collect(readJsonlSamples(path)));
    expect(err.location).toEqual({ kind: 'line', line: 2 });
    expect(err.field).toBe(field);
    expect(err.detail).toMatch(why);
  });

  it('rejects a duplicate (problem_id, index), explicit or defaulted', async () => {
    const explicit = await writeFixture(
      dir,
      'dup-idx.jsonl',
      lines(
        { problem_id: 'a', code: '', index: 3 },
        { problem_id: 'b', code: '', index: 3 },
        { problem_id: 'a', code: '', index: 3 },
      ),
    );
    const err = await formatErrorOf(() => collect(readJsonlSamples(explicit)));
    expect(err.location).toEqual({ kind: 'line', line: 3 });
    expect(err.field).toBe('index');
    expect(err.detail).toBe('duplicate index 3 for problem "a" (also line 1)');
    const defaulted = await writeFixture(
      dir,
      'dup-default.jsonl',
      lines({ problem_id: 'a', code: '', index: 1 }, { problem_id: 'a', code: '' }),
    );
    const err2 = await formatErrorOf(() => collect(readJsonlSamples(defaulted)));
    expect(err2.location).toEqual({ kind: 'line', line: 2 });
    expect(err2.detail).toContain('default index 1');
  });

  it("accepts a problem's metadata given once or repeated alike, and refuses a different value naming both lines", async () => {
    const ok = await writeFixture(
      dir,
      'meta-ok.jsonl',
      lines(
        { problem_id: 'a', code: '', title: 'A', difficulty: 'easy' },
        { problem_id: 'a', code: '' },
        { problem_id: 'b', code: '', title: 'A', difficulty: 'hard' },
        { problem_id: 'a', code: '', title: 'A', contest_date: '2024-01-02' },
        { problem_id: 'a', code: '', contest_date: '2024-01-02T00:00:00Z' },
      ),
    );
    expect(await collect(readJsonlSamples(ok))).toHaveLength(5);
    for (const [field, first, later] of [
      ['title', { title: 'A' }, { title: 'B' }],
      ['difficulty', { difficulty: 'easy' }, { difficulty: 'hard' }],
      ['platform', { platform: 'atcoder' }, { platform: 'codeforces' }],
      ['contest_date', { contest_date: '2024-01-02' }, { contest_date: '2024-01-03' }],
      ['release_date', { release_date: '2024-01-02' }, { release_date: '2024-01-03' }],
    ] as const) {
      const path = await writeFixture(
        dir,
        'meta-conflict.jsonl',
        lines(
          { problem_id: 'a', code: '', ...first },
          { problem_id: 'a', code: '' },
          { problem_id: 'a', code: '', ...later },
        ),
      );
      const err = await formatErrorOf(() => collect(readJsonlSamples(path)));
      expect(err.location, field).toEqual({ kind: 'line', line: 3 });
      expect(err.field, field).toBe(field);
      expect(err.detail, field).toContain('problem "a" on line 1');
    }
  });

  it("reads release_date as the problem's release date, and refuses it beside contest_date or malformed", async () => {
    const ok = await writeFixture(
      dir,
      'release.jsonl',
      lines({ problem_id: 'a', code: '', release_date: '2024-05-06' }),
    );
    const [sample] = await collect(readJsonlSamples(ok));
    expect(sample!.contestDate).toEqual(new Date(Date.UTC(2024, 4, 6)));
    for (const [name, extra, detail] of [
      ['both', { release_date: '2024-05-06', contest_date: '2024-05-06' }, 'give the release date once'],
      ['bad', { release_date: 'May 6th' }, 'not an ISO date'],
    ] as const) {
      const path = await writeFixture(dir, `release-${name}.jsonl`, lines({ problem_id: 'a', code: '', ...extra }));
      const err = await formatErrorOf(() => collect(readJsonlSamples(path)));
      expect(err.field, name).toBe('release_date');
      expect(err.detail, name).toContain(detail);
    }
  });

  it('reports a missing file as a FormatError', async () => {
    const err = await formatErrorOf(() => collect(readJsonlSamples(`${dir}/missing.jsonl`)));
    expect(err.detail).toBe('file not found');
  });
});
