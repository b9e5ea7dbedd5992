import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { failureClassOf, verdictCode } from '@frontier/core';
import { encodeProgram } from '../program-codec';
import { copyBytea, copyIntArray, copyText } from './copy-text';
import type { SampleRecord } from './types';

export const SAMPLE_COLUMNS =
  'run_id, problem_id, idx, language, code_z, verdict, failure_class, test_verdicts, test_cpu_ms, test_peak_kib, judged_at';

export interface SampleRow {
  problemId: number;
  sample: SampleRecord;
}

// One sample as a line of COPY text. The program goes in compressed (code_z; code stays NULL, see
// program-codec.ts). Imported verdicts count as judged at import time; their `sandbox` stays
// NULL, since they were judged elsewhere and the files do not say how.
export function sampleLine(runId: number, problemId: number, s: SampleRecord, judgedAt: string): string {
  const tests = s.tests;
  return [
    runId,
    problemId,
    s.idx,
    copyText(s.language ?? 'python'),
    copyBytea(encodeProgram(s.code)),
    s.verdict ?? '\\N',
    s.verdict ? failureClassOf(s.verdict) : '\\N',
    copyIntArray(tests?.map((t) => verdictCode(t.verdict))),
    copyIntArray(tests?.map((t) => t.cpuMs)),
    copyIntArray(tests?.map((t) => t.peakKib)),
    s.verdict ? judgedAt : '\\N',
  ].join('\t');
}

// Streams rows into `sample` with one COPY statement: Postgres' fastest bulk path.
export async function copySamples(client: pg.PoolClient, runId: number, rows: SampleRow[]): Promise<void> {
  if (rows.length === 0) return;
  const judgedAt = new Date().toISOString();
  const stream = client.query(copyFrom(`COPY sample (${SAMPLE_COLUMNS}) FROM STDIN`));
  await pipeline(Readable.from(chunks(runId, rows, judgedAt)), stream);
}

function* chunks(runId: number, rows: SampleRow[], judgedAt: string): Generator<string> {
  let buf: string[] = [];
  let size = 0;
  for (const { problemId, sample } of rows) {
    const line = sampleLine(runId, problemId, sample, judgedAt);
    buf.push(line);
    size += line.length;
    if (size > 1 << 20) {
      yield buf.join('\n') + '\n';
      buf = [];
      size = 0;
    }
  }
  if (buf.length) yield buf.join('\n') + '\n';
}

