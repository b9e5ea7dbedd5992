import { z } from 'zod';
import { DIFFICULTIES, parseIsoDate, responseChars, type Difficulty, type Verdict } from '@frontier/core';
import { FormatError, type FormatLocation } from './errors';
import { IMPORT_LIMITS, importedCount, importedLine } from './imported-text';
import { readJsonArrayFile } from './json-array-stream';
import { TOKEN_COUNT_FIELDS } from './sample-schema';
import { LCB_ERROR_CODES, describeLcbErrorCodes } from './lcb-verdict';
import { describeIssue } from './zod-issue';

export interface LcbSample {
  /** Position in the record's `code_list`. */
  idx: number;
  code: string;
  verdict: Verdict;
  /** Length in characters of the raw output (`output_list`), else of the program. */
  responseChars: number;
  /** From the record's token list, when it has one. */
  completionTokens?: number;
}

export interface LcbProblemRecord {
  questionId: string;
  title: string;
  difficulty: Difficulty;
  platform: string;
  contestDate: Date | null;
  samples: LcbSample[];
}

export interface LcbReadOptions {
  /**
   * Verdict for a sample graded false whose metadata has no `error_code`. Default 'WA': LCB
   * counted it as a failure, and nothing says the runner was at fault.
   */
  unexplainedFailure?: Verdict;
  /** Read size; tests use tiny chunks to exercise the splitter. */
  chunkBytes?: number;
}

/**
 * Fields of one `*_eval_all.json` record that we use; `pass@1`, ... are ignored. `output_list`
 * (the raw model outputs) gives the responses' lengths; a per-sample token list, which LCB does
 * not write but researchers' files add, may be named `completion_tokens`, `num_tokens` or
 * `output_tokens`.
 */
const tokenList = z.array(importedCount.nullable()).optional();

const lcbRecordSchema = z.object({
  question_id: importedLine(IMPORT_LIMITS.id, 1),
  question_title: importedLine(IMPORT_LIMITS.title),
  difficulty: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(DIFFICULTIES)),
  platform: importedLine(IMPORT_LIMITS.platform),
  contest_date: z.string().nullish(),
  code_list: z.array(z.string()),
  graded_list: z.array(z.boolean()),
  // LCB writes each entry as a JSON string; already-decoded objects are accepted too.
  metadata: z.array(z.union([z.string(), z.record(z.string(), z.unknown())])),
  output_list: z.array(z.string()).optional(),
  completion_tokens: tokenList,
  num_tokens: tokenList,
  output_tokens: tokenList,
});

type LcbRecordInput = z.output<typeof lcbRecordSchema>;

function questionIdOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const id = (value as Record<string, unknown>).question_id;
  return typeof id === 'string' ? id : undefined;
}

function sampleVerdict(
  fail: (field: string, detail: string) => never,
  graded: boolean,
  meta: string | Record<string, unknown>,
  i: number,
  unexplained: Verdict,
): Verdict {
  if (graded) return 'AC';
  let decoded: unknown = meta;
  if (typeof meta === 'string') {
    try {
      decoded = meta.trim() === '' ? {} : JSON.parse(meta);
    } catch {
      fail(`metadata[${i}]`, 'malformed JSON string');
    }
  }
  const code =
    decoded !== null && typeof decoded === 'object' ? (decoded as Record<string, unknown>).error_code : undefined;
  if (code === undefined || code === null) return unexplained;
  const verdict = typeof code === 'number' ? LCB_ERROR_CODES.get(code) : undefined;
  if (verdict === undefined) {
    fail(`metadata[${i}].error_code`, `unknown error code ${JSON.stringify(code)} (known: ${describeLcbErrorCodes()})`);
  }
  return verdict;
}

/** Validates and normalises one record; `index` is its position in the file's array. */
export function parseLcbRecord(
  file: string,
  index: number,
  value: unknown,
  options: LcbReadOptions = {},
): LcbProblemRecord {
  const location: FormatLocation = { kind: 'record', index, id: questionIdOf(value) };
  const fail = (field: string | undefined, detail: string): never => {
    throw new FormatError({ file, location, field, detail });
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(undefined, 'expected an object');
  const result = lcbRecordSchema.safeParse(value);
  if (!result.success) {
    const { field, detail } = describeIssue(result.error.issues[0]!, value);
    fail(field, detail);
  }
  const rec = result.data as LcbRecordInput;
  const n = rec.code_list.length;
  if (rec.graded_list.length !== n) fail('graded_list', `has ${rec.graded_list.length} entries but code_list has ${n}`);
  if (rec.metadata.length !== n) fail('metadata', `has ${rec.metadata.length} entries but code_list has ${n}`);
  let contestDate: Date | null = null;
  if (rec.contest_date !== undefined && rec.contest_date !== null) {
    contestDate = parseIsoDate(rec.contest_date);
    if (contestDate === null) fail('contest_date', `not an ISO date: ${JSON.stringify(rec.contest_date)}`);
  }
  const unexplained = options.unexplainedFailure ?? 'WA';
  // Read only when it lines up with code_list: files that imported before lengths were read
  // must still import (lengths then fall back to the programs').
  const outputs = rec.output_list?.length === n ? rec.output_list : undefined;
  const tokenFields = TOKEN_COUNT_FIELDS.filter((f) => rec[f] !== undefined);
  if (tokenFields.length > 1) fail(tokenFields[1], `give one token list, not both ${tokenFields.join(' and ')}`);
  const tokenField = tokenFields[0];
  const tokens = tokenField && rec[tokenField];
  if (tokens && tokens.length !== n) fail(tokenField, `has ${tokens.length} entries but code_list has ${n}`);
  const samples = rec.code_list.map((code, idx) => {
    const sample: LcbSample = {
      idx,
      code,
      verdict: sampleVerdict(fail, rec.graded_list[idx]!, rec.metadata[idx]!, idx, unexplained),
      responseChars: responseChars(outputs?.[idx] ?? code),
    };
    const t = tokens?.[idx];
    if (t !== undefined && t !== null) sample.completionTokens = t;
    return sample;
  });
  return {
    questionId: rec.question_id,
    title: rec.question_title,
    difficulty: rec.difficulty,
    platform: rec.platform,
    contestDate,
    samples,
  };
}

/**
 * Streams a LiveCodeBench `*_eval_all.json` file (a JSON array of per-problem records, possibly
 * gigabytes), one validated record at a time. Throws FormatError on the first bad record.
 */
export async function* readLcbEvalFile(path: string, options: LcbReadOptions = {}): AsyncGenerator<LcbProblemRecord> {
  const seen = new Map<string, number>();
  for await (const element of readJsonArrayFile(path, options.chunkBytes)) {
    const record = parseLcbRecord(path, element.index, element.value, options);
    const first = seen.get(record.questionId);
    if (first !== undefined) {
      throw new FormatError({
        file: path,
        location: { kind: 'record', index: element.index, id: record.questionId },
        field: 'question_id',
        detail: `duplicate question_id (also record ${first})`,
      });
    }
    seen.set(record.questionId, element.index);
    yield record;
  }
}
