import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseIsoDate, responseChars, type Difficulty, type Verdict } from '@frontier/core';
import { FormatError, toFormatError } from './errors';
import { jsonlSampleSchema, TOKEN_COUNT_FIELDS, type Language } from './sample-schema';
import { describeIssue } from './zod-issue';

export interface JsonlTestResult {
  tier?: number;
  verdict: Verdict;
  cpuMs?: number;
  peakKib?: number;
}

/** One sample of our JSONL format, normalised (defaults applied, dates parsed). */
export interface JsonlSample {
  /** 1-based line in the file. */
  line: number;
  id?: string;
  problemId: string;
  code: string;
  language: Language;
  /** Given, or the order of appearance among the problem's samples in the file (from 0). */
  index: number;
  /** null = not judged yet. */
  verdict: Verdict | null;
  /** Per-test results as given (empty when absent). */
  tests: JsonlTestResult[];
  title?: string;
  difficulty?: Difficulty;
  platform?: string;
  contestDate?: Date;
  /** The whole response's length in characters: of `response` when given, else of `code`. */
  responseChars: number;
  /** The response's token count, when the line gives one. */
  completionTokens?: number;
}

/** Tracks uniqueness of ids and (problem_id, index) across the file. */
class Uniqueness {
  private ids = new Map<string, number>();
  private problems = new Map<string, { seen: number; indexes: Map<number, number> }>();

  check(
    fail: (field: string, detail: string) => never,
    line: number,
    problemId: string,
    id?: string,
    index?: number,
  ): number {
    if (id !== undefined) {
      const first = this.ids.get(id);
      if (first !== undefined) fail('id', `duplicate id ${JSON.stringify(id)} (also line ${first})`);
      this.ids.set(id, line);
    }
    let problem = this.problems.get(problemId);
    if (problem === undefined) {
      problem = { seen: 0, indexes: new Map() };
      this.problems.set(problemId, problem);
    }
    const resolved = index ?? problem.seen;
    problem.seen++;
    const first = problem.indexes.get(resolved);
    if (first !== undefined) {
      const what = index === undefined ? `default index ${resolved} (order of appearance)` : `index ${resolved}`;
      fail(
        index === undefined ? 'problem_id' : 'index',
        `duplicate ${what} for problem ${JSON.stringify(problemId)} (also line ${first})`,
      );
    }
    problem.indexes.set(resolved, line);
    return resolved;
  }
}

type MetadataField = 'title' | 'difficulty' | 'platform' | 'contest_date' | 'release_date';

/**
 * A problem's metadata may be given on any of its lines, once or repeated alike; a line that
 * omits it keeps what an earlier line gave. A different value is refused: which one is right?
 */
class ProblemMetadata {
  private first = new Map<string, Map<MetadataField, { value: string; line: number }>>();

  check(
    fail: (field: string, detail: string) => never,
    line: number,
    problemId: string,
    given: Partial<Record<MetadataField, string>>,
  ): void {
    let known = this.first.get(problemId);
    if (known === undefined) {
      known = new Map();
      this.first.set(problemId, known);
    }
    for (const [field, value] of Object.entries(given) as [MetadataField, string | undefined][]) {
      if (value === undefined || value === '') continue;
      const seen = known.get(field);
      if (seen === undefined) known.set(field, { value, line });
      else if (seen.value !== value) {
        fail(
          field,
          `${JSON.stringify(value)} differs from ${JSON.stringify(seen.value)} given for problem ${JSON.stringify(problemId)} on line ${seen.line}; give a problem's ${field} once, or the same on every line`,
        );
      }
    }
  }
}

interface FileState {
  unique: Uniqueness;
  metadata: ProblemMetadata;
}

function parseLine(file: string, line: number, text: string, { unique, metadata }: FileState): JsonlSample {
  const fail = (field: string | undefined, detail: string): never => {
    throw new FormatError({ file, location: { kind: 'line', line }, field, detail });
  };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    fail(undefined, `malformed JSON: ${(err as Error).message.replace(/, ".*" is not valid JSON$/s, '')}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(undefined, 'expected a JSON object');
  const result = jsonlSampleSchema.safeParse(value);
  if (!result.success) {
    const { field, detail } = describeIssue(result.error.issues[0]!, value);
    fail(field, detail);
  }
  const s = result.data!;
  // release_date is the name the guide gives; contest_date, LiveCodeBench's, means the same.
  if (s.release_date !== undefined && s.contest_date !== undefined)
    fail('release_date', 'give the release date once, as release_date (contest_date is the same field)');
  const dateField: MetadataField = s.release_date !== undefined ? 'release_date' : 'contest_date';
  const dateText = s.release_date ?? s.contest_date;
  let contestDate: Date | undefined;
  if (dateText !== undefined) {
    contestDate = parseIsoDate(dateText) ?? fail(dateField, `not an ISO date: ${JSON.stringify(dateText)}`);
  }
  const tokenFields = TOKEN_COUNT_FIELDS.filter((f) => s[f] !== undefined);
  if (tokenFields.length > 1)
    fail(tokenFields[1], `give one token count per sample, not both ${tokenFields.join(' and ')}`);
  const index = unique.check(fail, line, s.problem_id, s.id, s.index);
  metadata.check(fail, line, s.problem_id, {
    title: s.title,
    difficulty: s.difficulty,
    platform: s.platform,
    [dateField]: contestDate?.toISOString(),
  });
  const sample: JsonlSample = {
    line,
    problemId: s.problem_id,
    code: s.code,
    language: s.language ?? 'python',
    index,
    verdict: s.verdict ?? null,
    tests: (s.tests ?? []).map((t) => ({ tier: t.tier, verdict: t.verdict, cpuMs: t.cpu_ms, peakKib: t.peak_kib })),
    responseChars: responseChars(s.response ?? s.code),
  };
  const tokens = tokenFields[0] && s[tokenFields[0]];
  if (tokens !== undefined) sample.completionTokens = tokens;
  if (s.id !== undefined) sample.id = s.id;
  if (s.title !== undefined) sample.title = s.title;
  if (s.difficulty !== undefined) sample.difficulty = s.difficulty;
  if (s.platform !== undefined) sample.platform = s.platform;
  if (contestDate !== undefined) sample.contestDate = contestDate;
  return sample;
}

/** Streams our JSONL sample format line by line; empty lines are skipped. Throws FormatError. */
export async function* readJsonlSamples(path: string): AsyncGenerator<JsonlSample> {
  const state: FileState = { unique: new Uniqueness(), metadata: new ProblemMetadata() };
  const stream = createReadStream(path, { highWaterMark: 1024 * 1024 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of lines) {
      line++;
      const body = line === 1 ? text.replace(/^\uFEFF/, '') : text;
      if (body.trim() === '') continue;
      yield parseLine(path, line, body, state);
    }
  } catch (err) {
    throw toFormatError(path, err);
  } finally {
    lines.close();
    stream.destroy();
  }
}
