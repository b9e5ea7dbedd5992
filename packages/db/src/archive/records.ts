import { z } from 'zod';
import {
  ARCHIVE_FORMAT,
  SECTIONS,
  type ArchiveHeader,
  type ArchiveRecord,
  type CopyRecord,
  type Trailer,
} from './format';

// The archive's lines as the importer accepts them: anything else is refused naming the line.

const id = z.number().int().positive();
const isoDate = z.iso.datetime({ offset: true });
// Archives written before exclusions existed count none.
const counts = z.strictObject(
  Object.fromEntries(
    SECTIONS.map((s) => [
      s,
      s === 'exclusion' ? z.number().int().nonnegative().default(0) : z.number().int().nonnegative(),
    ]),
  ),
) as unknown as z.ZodType<Trailer['counts']>;

export const headerSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().positive(),
  app: z.string(),
  created: isoDate,
  tests: z.boolean(),
  study: z.object({
    uid: z.uuid(),
    name: z.string().min(1),
    description: z.string(),
    origin: z.string(),
    dataVersion: z.number().int().nonnegative(),
    config: z.unknown(),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
  counts,
}) satisfies z.ZodType<ArchiveHeader>;

const recordSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('benchmark'), id, name: z.string().min(1), tiering: z.string() }),
  z.object({
    type: z.literal('problem'),
    id,
    benchmarkId: id,
    externalId: z.string().min(1),
    title: z.string(),
    difficulty: z.string(),
    platform: z.string(),
    contestDate: isoDate.nullable(),
    statement: z.string().nullable(),
    timeLimitMs: z.number().int().nullable(),
    memoryLimitMb: z.number().int().nullable(),
    checker: z.unknown(),
  }),
  z.object({
    type: z.literal('checkpoint'),
    id,
    name: z.string().min(1),
    role: z.enum(['INIT', 'LOW', 'HIGH', 'MERGED']),
    alpha: z.number().nullable(),
    parentLoId: id.nullable(),
    parentHiId: id.nullable(),
    coverageLevel: z.number().int().nullable(),
    modelScale: z.string(),
    uri: z.string().nullable(),
    recipe: z.unknown(),
    createdAt: isoDate,
  }),
  z.object({
    type: z.literal('run'),
    id,
    checkpointId: id,
    benchmarkId: id,
    setting: z.string(),
    sampling: z.unknown(),
    samplingKey: z.string(),
    sourceHash: z.string().nullable(),
    createdAt: isoDate,
  }),
  z.object({
    type: z.literal('share'),
    token: z.string().regex(/^[\w-]{8,200}$/),
    view: z.string().startsWith('/'),
    dataVersion: z.number().int().nonnegative(),
    payload: z.unknown(),
    createdAt: isoDate,
    owner: z.string().nullable(),
  }),
  z.object({
    type: z.literal('exclusion'),
    problemId: id,
    reason: z.string().min(1),
    createdAt: isoDate,
    by: z.string().nullable(),
  }),
  z.object({
    type: z.literal('copy'),
    table: z.enum(['test', 'sample', 'run_problem_aggregate']),
    columns: z.array(z.string()),
  }),
  z.object({ type: z.literal('end'), counts, sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
]);

export type ParsedRecord = ArchiveRecord | CopyRecord | Trailer;

/** The record, or a message saying what is wrong with it. */
export function parseRecord(value: unknown): { ok: true; record: ParsedRecord } | { ok: false; message: string } {
  const r = recordSchema.safeParse(value);
  if (r.success) return { ok: true, record: r.data as ParsedRecord };
  const issue = r.error.issues[0]!;
  return { ok: false, message: `${issue.path.join('.') || 'record'}: ${issue.message}` };
}
