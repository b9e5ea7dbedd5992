import { z } from 'zod';
import { DIFFICULTIES, parseIsoDate, type Difficulty, type Verdict } from '@frontier/core';
import { FormatError, type FormatLocation } from './errors';
import { readJsonArrayFile } from './json-array-stream';
import { LCB_ERROR_CODES, describeLcbErrorCodes } from './lcb-verdict';
import { describeIssue } from './zod-issue';

export interface LcbSample {
  /** Position in the record's `code_list`. */
  idx: number;
  code: string;
  verdict: Verdict;
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

/** Fields of one `*_eval_all.json` record that we use; `output_list`, `pass@1`, ... are ignored. */
const lcbRecordSchema = z.object({
  question_id: z.string().min(1),
  question_title: z.string(),
  difficulty: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(DIFFICULTIES)),
  platform: z.string(),
  contest_date: z.string().nullish(),
  code_list: z.array(z.string()),
  graded_list: z.array(z.boolean()),
  // LCB writes each entry as a JSON string; already-decoded objects are accepted too.
  metadata: z.array(z.union([z.string(), z.record(z.string(), z.unknown())])),
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
  const samples = rec.code_list.map((code, idx) => ({
    idx,
    code,
    verdict: sampleVerdict(fail, rec.graded_list[idx]!, rec.metadata[idx]!, idx, unexplained),
  }));
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
