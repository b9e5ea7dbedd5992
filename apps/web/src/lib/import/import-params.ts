import { CHECKPOINT_ROLES } from '@frontier/core';
import type { ImportReport } from '@frontier/db';
import { ARCHIVE_MEDIA_TYPE } from '@frontier/db/archive-format';
import { z } from 'zod';
import { facetValue, printableText as text } from '../study/filters';
import { sameShape } from '../api/same-shape';

// POST /api/imports: the body is the file itself (streamed, never parsed as JSON), so what the CLI
// gives as flags comes in the query string. Shared by the route, the import dialog and the CLI's
// documentation of the contract.

/** The body's media type decides what it is; the first of each pair is what clients send. */
export const IMPORT_MEDIA_TYPES = {
  'application/json': 'lcb',
  'application/x-ndjson': 'jsonl',
  'application/x-tar': 'archive',
  'application/gzip': 'archive',
  // A study archive (`frontier export STUDY --archive FILE`): a whole study, rebuilt as it was.
  [ARCHIVE_MEDIA_TYPE]: 'study',
} as const;

export type ImportMediaType = keyof typeof IMPORT_MEDIA_TYPES;
export type ImportBodyKind = (typeof IMPORT_MEDIA_TYPES)[ImportMediaType];

export const IMPORT_ROLES = CHECKPOINT_ROLES.map((r) => r.toLowerCase() as Lowercase<typeof r>);

export const importQuerySchema = z.strictObject({
  study: text(200).optional().meta({
    description:
      "The study to import into (made if new); required for a single file; for an archive, overrides the manifest's",
  }),
  alpha: z
    .string({ error: 'must be given once, as a number' })
    .trim()
    .regex(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().finite('must be a finite number'))
    .optional()
    .meta({ description: "The checkpoint's alpha; required for a single file" }),
  setting: facetValue
    .optional()
    .meta({ description: 'Inference setting, e.g. reasoning (the default), tool, agentic; single file' }),
  scale: facetValue.optional().meta({ description: 'Model scale, e.g. 7B; single file' }),
  role: z
    .enum(IMPORT_ROLES, { error: `must be one of ${IMPORT_ROLES.join(', ')}` })
    .optional()
    .meta({ description: "The checkpoint's role; single file; default merged" }),
  benchmark: text(200)
    .optional()
    .meta({ description: 'Benchmark name; default LiveCodeBench for an LCB file, custom for JSONL' }),
  filename: text(255)
    .optional()
    .meta({ description: "The file's name, used in error messages (`lo_eval_all.json: record 3: ...`)" }),
  manifest: text(1000)
    .optional()
    .meta({ description: "An archive's manifest, as a path inside it; default: the archive's first file" }),
  as: text(200).optional().meta({
    description:
      "A study archive's name here, instead of the name it carries (required when another study has that name)",
  }),
});

export type ImportQuery = z.infer<typeof importQuerySchema>;

const count = z.number().int().nonnegative();

/** POST /api/imports, 201: what was imported; the aggregation job (GET /api/jobs/:id) puts it in the views. */
export const importResponseSchema = z
  .strictObject({
    study: z.strictObject({ id: z.number().int(), name: z.string() }),
    problems: count,
    runs: count,
    unchangedRuns: count.meta({
      description: 'Runs whose file was already imported unchanged (nothing written for them)',
    }),
    samples: count,
    unjudgedSamples: count.meta({ description: 'Samples without a verdict, queued for judging' }),
    aggregateJobId: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The job aggregating the import; null when nothing changed' }),
    judgeJobIds: z
      .array(z.number().int())
      .meta({ description: 'The jobs judging the unjudged samples, one per run that has some' }),
    archive: z
      .strictObject({
        alreadyImported: z.boolean().meta({
          description: 'The study was here already (same identity and data version): nothing was written',
        }),
        checkpoints: count,
        tests: count,
        aggregates: count,
        shares: count,
        problemsMatched: count.meta({
          description: 'Problems already in their benchmark, matched and kept as they were (tests included)',
        }),
        problemsDiffering: count.meta({ description: "Of the matched problems, those that differ from the archive's" }),
        sharesRetokened: z
          .array(z.strictObject({ from: z.string(), to: z.string() }))
          .meta({ description: "Share links whose token was another study's here: imported under a new token" }),
      })
      .optional()
      .meta({ description: 'For a study archive: what else was imported' }),
  })
  .meta({ id: 'ImportReport' });

export type ImportResponse = z.infer<typeof importResponseSchema>;
sameShape<ImportResponse, ImportReport>();
