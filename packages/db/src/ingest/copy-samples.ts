import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { failureClassOf, responseChars, verdictCode } from '@frontier/core';
import { encodeProgram } from '../program-codec';
import { BinaryCopyWriter } from './copy-binary';
import type { SampleRecord } from './types';

export const SAMPLE_COLUMNS =
  'run_id, problem_id, idx, language, code_z, verdict, failure_class, test_verdicts, test_cpu_ms, test_peak_kib, judged_at, response_chars, completion_tokens';

export interface SampleRow {
  problemId: number;
  sample: SampleRecord;
}

// One sample as a row of binary COPY. The program goes in compressed (code_z; code stays NULL, see
// program-codec.ts). Imported verdicts count as judged at import time; their `sandbox` stays
// NULL, since they were judged elsewhere and the files do not say how.
export function writeSampleRow(
  out: BinaryCopyWriter,
  runId: number,
  problemId: number,
  s: SampleRecord,
  judgedAtMs: number,
): void {
  const where = `sample ${s.idx} of problem ${problemId}`;
  const tests = s.tests;
  out.row(13);
  out.int4(runId, `${where}: run`);
  out.int4(problemId, `${where}: problem`);
  out.int4(s.idx, `${where}: index`);
  out.text(s.language ?? 'python');
  out.bytes(encodeProgram(s.code));
  if (s.verdict) {
    out.text(s.verdict);
    out.text(failureClassOf(s.verdict));
  } else {
    out.null();
    out.null();
  }
  if (tests) {
    out.intArray(
      tests.map((t) => verdictCode(t.verdict)),
      'int2',
      `${where}: test verdicts`,
    );
    out.intArray(
      tests.map((t) => t.cpuMs),
      'int4',
      `${where}: test CPU ms`,
    );
    out.intArray(
      tests.map((t) => t.peakKib),
      'int4',
      `${where}: test peak KiB`,
    );
  } else {
    out.null();
    out.null();
    out.null();
  }
  if (s.verdict) out.timestamptz(judgedAtMs);
  else out.null();
  out.int4(s.responseChars ?? responseChars(s.code), `${where}: response length`);
  if (s.completionTokens === undefined || s.completionTokens === null) out.null();
  else out.int4(s.completionTokens, `${where}: completion tokens`);
}

// Streams rows into `sample` with one binary COPY statement: Postgres' fastest bulk path.
export async function copySamples(client: pg.PoolClient, runId: number, rows: SampleRow[]): Promise<void> {
  if (rows.length === 0) return;
  const judgedAtMs = Date.now();
  const stream = client.query(copyFrom(`COPY sample (${SAMPLE_COLUMNS}) FROM STDIN (FORMAT binary)`));
  await pipeline(Readable.from(chunks(runId, rows, judgedAtMs)), stream);
}

function* chunks(runId: number, rows: SampleRow[], judgedAtMs: number): Generator<Buffer> {
  const out = new BinaryCopyWriter();
  for (const { problemId, sample } of rows) {
    writeSampleRow(out, runId, problemId, sample, judgedAtMs);
    yield* out.take();
  }
  yield* out.take(true);
}
