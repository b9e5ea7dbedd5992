import { readFile } from 'node:fs/promises';
import { JudgeInputError } from './errors';
import { LANGUAGES, type Language, type Sample } from './types';

const ALIASES: Record<string, Language> = {
  python: 'python',
  python3: 'python',
  py: 'python',
  cpp: 'cpp',
  'c++': 'cpp',
  cpp17: 'cpp',
};

/** Reads a samples JSONL file: one object per line with id, problem_id, language and code. */
export async function loadSamples(path: string): Promise<Sample[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new JudgeInputError(`samples ${path}: ${(err as Error).message}`);
  }
  const out: Sample[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const where = `samples ${path} line ${i + 1}`;
    let rec: Record<string, unknown>;
    try {
      rec = JSON.parse(line) as Record<string, unknown>;
    } catch (err) {
      throw new JudgeInputError(`${where}: does not parse: ${(err as Error).message}`);
    }
    const id = rec.id;
    if (typeof id !== 'string' && typeof id !== 'number') throw new JudgeInputError(`${where}: missing id`);
    const named = `${where} (id ${JSON.stringify(id)})`;
    const problemId = rec.problem_id ?? rec.problemId;
    if (typeof problemId !== 'string' && typeof problemId !== 'number')
      throw new JudgeInputError(`${named}: missing problem_id`);
    const language = ALIASES[String(rec.language ?? '').toLowerCase()];
    if (!language)
      throw new JudgeInputError(
        `${named}: unknown language ${JSON.stringify(rec.language)} (expected ${LANGUAGES.join(' or ')})`,
      );
    if (typeof rec.code !== 'string') throw new JudgeInputError(`${named}: code must be a string`);
    out.push({ id: String(id), problemId: String(problemId), language, code: rec.code });
  });
  return out;
}
