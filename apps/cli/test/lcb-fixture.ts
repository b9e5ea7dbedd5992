import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FixtureProblem {
  id: string;
  difficulty: 'easy' | 'medium' | 'hard';
  /** LCB error codes per sample; 0 means passed. */
  codes: number[];
  /** LCB's contest_date as written (null: none); by default a date derived from the position. */
  contestDate?: string | null;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'frontier-cli-'));
}

// Writes a LiveCodeBench *_eval_all.json as LCB writes it: metadata entries are JSON strings.
// `padBytes` lengthens every program by a comment of that size (an import that fills a disk), of
// repeated characters (they compress away, e.g. in a .tgz) or `random` ones (they stay that big
// in the database, which stores programs compressed).

export function writeLcbFile(
  dir: string,
  name: string,
  problems: FixtureProblem[],
  padBytes = 0,
  pad: 'repeat' | 'random' = 'repeat',
): string {
  const padding = () =>
    pad === 'random'
      ? randomBytes(Math.ceil(padBytes * 0.75))
          .toString('base64')
          .slice(0, padBytes)
      : 'x'.repeat(padBytes);
  const records = problems.map((p, i) => ({
    question_id: p.id,
    question_title: `Problem ${p.id}`,
    difficulty: p.difficulty,
    platform: 'atcoder',
    contest_date: p.contestDate === undefined ? `2024-0${1 + (i % 9)}-01T00:00:00` : p.contestDate,
    code_list: p.codes.map((c, j) => `# sample ${j}\nprint(${c})\n${padBytes ? `# ${padding()}\n` : ''}`),
    graded_list: p.codes.map((c) => c === 0),
    metadata: p.codes.map((c) =>
      JSON.stringify(c === 0 ? { execution_time: 0.01 } : { error_code: c, error_message: 'x' }),
    ),
  }));
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(records));
  return path;
}
