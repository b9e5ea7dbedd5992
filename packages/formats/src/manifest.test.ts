import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect';
import { readManifest } from './manifest';
import { formatErrorOf, tempDir, writeFixture } from '../test/helpers';

const dir = await tempDir();
await mkdir(join(dir, 'runs'));
await writeFixture(dir, 'runs/a0.json', '[]');
await writeFixture(dir, 'runs/a1.json', '[]');
await writeFixture(dir, 'runs/mid.jsonl', '');

describe('readManifest', () => {
  it('reads YAML, resolves paths against the manifest and applies defaults', async () => {
    const path = await writeFixture(
      dir,
      'study.yaml',
      `study: coverage sweep
description: test
entries:
  - { path: runs/a0.json, alpha: 0, role: LOW, scale: 7B }
  - { path: runs/a1.json, alpha: 1, role: High, setting: tools, name: hi-ckpt }
  - { path: runs/mid.jsonl, alpha: 0.25 }
`,
    );
    const m = await readManifest(path);
    expect(m.study).toBe('coverage sweep');
    expect(m.description).toBe('test');
    expect(m.entries).toEqual([
      {
        index: 0,
        path: join(dir, 'runs/a0.json'),
        relativePath: 'runs/a0.json',
        alpha: 0,
        setting: 'reasoning',
        scale: '7B',
        role: 'low',
        name: '7B alpha=0',
        format: 'lcb',
      },
      {
        index: 1,
        path: join(dir, 'runs/a1.json'),
        relativePath: 'runs/a1.json',
        alpha: 1,
        setting: 'tools',
        role: 'high',
        name: 'hi-ckpt',
        format: 'lcb',
      },
      {
        index: 2,
        path: join(dir, 'runs/mid.jsonl'),
        relativePath: 'runs/mid.jsonl',
        alpha: 0.25,
        setting: 'reasoning',
        role: 'merged',
        name: 'alpha=0.25',
        format: 'jsonl',
      },
    ]);
  });

  it('reads JSON manifests too', async () => {
    const path = await writeFixture(
      dir,
      'study.json',
      JSON.stringify({ study: 's', entries: [{ path: 'runs/mid.jsonl', alpha: -0.5, format: 'jsonl' }] }),
    );
    const m = await readManifest(path);
    expect(m.entries[0]).toMatchObject({ alpha: -0.5, name: 'alpha=-0.5', format: 'jsonl' });
  });

  const entries = (...list: unknown[]): string => JSON.stringify({ study: 's', entries: list });

  it.each([
    [
      'a non-number alpha',
      entries({ path: 'runs/a0.json', alpha: 0 }, { path: 'runs/a1.json', alpha: 'abc' }),
      1,
      'alpha',
      'expected number, got string "abc"',
    ],
    ['a missing alpha', entries({ path: 'runs/a0.json' }), 0, 'alpha', 'missing (required)'],
    [
      'a missing file',
      entries({ path: 'runs/a0.json', alpha: 0 }, { path: 'runs/nope.json', alpha: 1 }),
      1,
      'path',
      'file not found: "runs/nope.json"',
    ],
    ['a directory as file', entries({ path: 'runs', alpha: 0, format: 'lcb' }), 0, 'path', 'not a file'],
    ['an unknown role', entries({ path: 'runs/a0.json', alpha: 0, role: 'mid' }), 0, 'role', 'expected one of'],
    ['an unknown key', entries({ path: 'runs/a0.json', alpha: 0, alhpa: 1 }), 0, undefined, 'unknown field "alhpa"'],
    [
      'the same checkpoint twice',
      entries({ path: 'runs/a0.json', alpha: 0.5 }, { path: 'runs/a1.json', alpha: 0.5 }),
      1,
      'alpha',
      'checkpoint "alpha=0.5" with setting "reasoning" is also entry 0',
    ],
    [
      'an unknown extension',
      entries(
        { path: 'runs/a0.json', alpha: 0 },
        { path: 'runs/../runs/a1.json', alpha: 1 },
        { path: 'study.yaml', alpha: 2 },
      ),
      2,
      'format',
      'cannot tell the format',
    ],
  ])('rejects %s naming the manifest, entry and field', async (_what, text, index, field, detail) => {
    const path = await writeFixture(dir, 'bad.json', text);
    const err = await formatErrorOf(() => readManifest(path));
    expect(err.file).toBe(path);
    expect(err.location).toEqual({ kind: 'entry', index });
    expect(err.field).toBe(field);
    expect(err.detail).toContain(detail);
  });

  it('rejects an infinite alpha from YAML and reports YAML syntax errors by line', async () => {
    const inf = await writeFixture(dir, 'inf.yml', 'study: s\nentries:\n  - path: runs/a0.json\n    alpha: .inf\n');
    const err = await formatErrorOf(() => readManifest(inf));
    expect(err.message).toBe(`${inf}: entry 0: field alpha: expected a finite number, got Infinity`);
    const broken = await writeFixture(dir, 'broken.yaml', 'study: s\nentries:\n  - path: [unclosed\n');
    const err2 = await formatErrorOf(() => readManifest(broken));
    expect(err2.location.kind).toBe('line');
    expect(err2.detail).toContain('malformed YAML');
  });

  it('rejects a missing top-level field and a missing manifest', async () => {
    const path = await writeFixture(dir, 'nostudy.json', JSON.stringify({ entries: [] }));
    const err = await formatErrorOf(() => readManifest(path));
    expect(err.location).toEqual({ kind: 'file' });
    expect(err.field).toBe('study');
    const missing = await formatErrorOf(() => readManifest(join(dir, 'absent.yaml')));
    expect(missing.detail).toBe('file not found');
  });

  it('refuses a study name that is not one printable line, as the query parameter does', async () => {
    const path = await writeFixture(
      dir,
      'crlf.json',
      JSON.stringify({ study: 'sweep\r\nX-Injected: 1', entries: [{ path: 'a.json', alpha: 0 }] }),
    );
    const err = await formatErrorOf(() => readManifest(path));
    expect(err.field).toBe('study');
    expect(err.detail).toMatch(/control characters/);
  });

  it('keeps results files within a folder when asked, before looking at them, links followed', async () => {
    const inside = join(dir, 'runs');
    await writeFixture(inside, 'm.yaml', 'study: s\nentries:\n  - { path: a0.json, alpha: 0 }\n');
    expect((await readManifest(join(inside, 'm.yaml'), { within: inside })).entries).toHaveLength(1);
    const up = await writeFixture(inside, 'up.yaml', 'study: s\nentries:\n  - { path: ../nowhere.json, alpha: 0 }\n');
    const err = await formatErrorOf(() => readManifest(up, { within: inside }));
    expect([err.location, err.field, err.detail]).toEqual([
      { kind: 'entry', index: 0 },
      'path',
      '"../nowhere.json" is outside the archive: list the files it holds, by paths relative to the manifest',
    ]);
    await symlink(join(dir, 'study.yaml'), join(inside, 'link.json'));
    const linked = await writeFixture(inside, 'link.yaml', 'study: s\nentries:\n  - { path: link.json, alpha: 0 }\n');
    expect((await formatErrorOf(() => readManifest(linked, { within: inside }))).detail).toContain(
      'is outside the archive',
    );
  });
});

describe('detectFormat', () => {
  it('goes by extension, and peeks into .json files', async () => {
    expect(await detectFormat(join(dir, 'runs/mid.jsonl'))).toBe('jsonl');
    expect(await detectFormat(join(dir, 'study.yaml'))).toBe('manifest');
    expect(await detectFormat(await writeFixture(dir, 'arr.json', '\n\n  [{"question_id": 1}]'))).toBe('lcb');
    expect(await detectFormat(await writeFixture(dir, 'obj.json', '\uFEFF {"study": "s"}'))).toBe('manifest');
    const err = await formatErrorOf(() => detectFormat(join(dir, 'runs/mid.txt')));
    expect(err.detail).toContain('unknown extension');
    const empty = await formatErrorOf(async () => detectFormat(await writeFixture(dir, 'empty.json', '  ')));
    expect(empty.detail).toContain('an empty file');
  });

  it('recognises a study archive by its gzip bytes, whatever its name', async () => {
    for (const name of ['study.frontier.gz', 'renamed.json']) {
      await writeFile(join(dir, name), gzipSync('{"format":"frontier-study-archive"}\n'));
      expect(await detectFormat(join(dir, name))).toBe('archive');
    }
  });
});
