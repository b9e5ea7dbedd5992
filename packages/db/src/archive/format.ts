// The study archive (`frontier export STUDY --archive FILE`, docs/guide/exports.md): one gzip
// stream of
//   1. a header line: {"format":"frontier-study-archive","version":1,...,"study":{...}}
//   2. records, one JSON line each ({"type":"benchmark"|"problem"|"checkpoint"|"run"|"share"|"exclusion",...}),
//      and table sections: a line {"type":"copy","table":T,"columns":[...]} followed by frames
//      (a 4-byte big-endian length, then that many bytes of Postgres' binary COPY stream of the
//      columns); a frame of length 0 ends the section;
//   3. a trailer line: {"type":"end","counts":{...},"sha256":HEX}, the SHA-256 of every byte
//      before the trailer line (uncompressed), so truncation and corruption are both detected.
// Ids in records are the exporting database's: an import renumbers them.

export const ARCHIVE_FORMAT = 'frontier-study-archive';
export const ARCHIVE_VERSION = 1;
/** The archive's media type (POST /api/imports) and its file name's ending. */
export const ARCHIVE_MEDIA_TYPE = 'application/vnd.frontier.study-archive+gzip';
export const ARCHIVE_EXTENSION = '.frontier.gz';

/**
 * Table sections, their columns, and which leading int4 columns hold ids to renumber. Columns
 * added later go at the end of a list and are counted in `optionalTail`: an archive written
 * before them has a prefix of the list, and its rows take the columns' defaults (the aggregates
 * are then rebuilt from the samples).
 */
export const COPY_SECTIONS = {
  test: { columns: ['problem_id', 'ordinal', 'tier', 'input', 'expected'], ids: ['problem'] },
  sample: {
    columns: [
      'run_id',
      'problem_id',
      'idx',
      'language',
      'code',
      'code_z',
      'verdict',
      'failure_class',
      'coverage_passed',
      'test_verdicts',
      'test_cpu_ms',
      'test_peak_kib',
      'judged_at',
      'sandbox',
      'judge_version',
      'limit_cpu_ms',
      'limit_memory_kib',
      'machine',
      'response_chars',
      'completion_tokens',
    ],
    ids: ['run', 'problem'],
    // Added after archives were first written: an older archive's section ends before them.
    optionalTail: 6,
  },
  run_problem_aggregate: {
    columns: [
      'run_id',
      'problem_id',
      'n',
      'solved',
      'ac',
      'wa',
      'tle',
      'mle',
      're',
      'ce',
      'ole',
      'ie',
      'pending',
      'fail_tier_hist',
      'fail_tier_correctness',
      'fail_tier_optimization',
      'len_chars',
      'len_tokens',
      'len_token_n',
    ],
    ids: ['run', 'problem'],
    // The failing tier split by class and the response lengths, added after archives were first written.
    optionalTail: 5,
  },
} as const satisfies Record<
  string,
  { columns: readonly string[]; ids: readonly ('run' | 'problem')[]; optionalTail?: number }
>;

/**
 * The columns of a table section as an archive lists them, if this version reads them: every
 * column, or all but some of the trailing ones added since (an import leaves them NULL or their default).
 */
export function readableColumns(table: CopyTable, given: readonly string[]): readonly string[] | undefined {
  const { columns } = COPY_SECTIONS[table];
  const fits = given.length >= requiredColumns(table) && given.length <= columns.length;
  return fits && given.every((c, i) => c === columns[i]) ? columns.slice(0, given.length) : undefined;
}

/** How many leading columns an archive's section must have: all but the optional tail. */
export function requiredColumns(table: CopyTable): number {
  const section: { columns: readonly string[]; optionalTail?: number } = COPY_SECTIONS[table];
  return section.columns.length - (section.optionalTail ?? 0);
}

export type CopyTable = keyof typeof COPY_SECTIONS;

/** Counted in the trailer, in this order. */
export const SECTIONS = [
  'benchmark',
  'problem',
  'test',
  'checkpoint',
  'run',
  'sample',
  'run_problem_aggregate',
  'share',
  'exclusion',
] as const;
export type Section = (typeof SECTIONS)[number];
export type SectionCounts = Record<Section, number>;

export interface ArchiveStudy {
  uid: string;
  name: string;
  description: string;
  origin: string;
  dataVersion: number;
  config: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  /** Frontier Explorer's version that wrote it. */
  app: string;
  created: string;
  /** False when written with --no-tests: problems come without their hidden tests. */
  tests: boolean;
  study: ArchiveStudy;
  /** Rows per section, for progress bars; the trailer's counts are the ones checked. */
  counts: SectionCounts;
}

export interface BenchmarkRecord {
  type: 'benchmark';
  id: number;
  name: string;
  tiering: string;
}

export interface ProblemRecord {
  type: 'problem';
  id: number;
  benchmarkId: number;
  externalId: string;
  title: string;
  difficulty: string;
  platform: string;
  contestDate: string | null;
  statement: string | null;
  timeLimitMs: number | null;
  memoryLimitMb: number | null;
  checker: unknown;
}

export interface CheckpointRecord {
  type: 'checkpoint';
  id: number;
  name: string;
  role: string;
  alpha: number | null;
  parentLoId: number | null;
  parentHiId: number | null;
  coverageLevel: number | null;
  modelScale: string;
  uri: string | null;
  recipe: unknown;
  createdAt: string;
}

export interface RunRecord {
  type: 'run';
  id: number;
  checkpointId: number;
  benchmarkId: number;
  setting: string;
  sampling: unknown;
  samplingKey: string;
  sourceHash: string | null;
  createdAt: string;
}

export interface ShareRecord {
  type: 'share';
  token: string;
  view: string;
  dataVersion: number;
  payload: unknown;
  createdAt: string;
  /** The owner's email; null for a link without one (local mode). */
  owner: string | null;
}

/** A problem the study excludes (archives written before exclusions existed have none). */
export interface ExclusionRecord {
  type: 'exclusion';
  problemId: number;
  reason: string;
  createdAt: string;
  /** Who excluded it (an email); null for local mode. */
  by: string | null;
}

export interface CopyRecord {
  type: 'copy';
  table: CopyTable;
  columns: string[];
}

export interface Trailer {
  type: 'end';
  counts: SectionCounts;
  sha256: string;
}

export type ArchiveRecord =
  BenchmarkRecord | ProblemRecord | CheckpointRecord | RunRecord | ShareRecord | ExclusionRecord;

/** An archive that cannot be read: `where` says where in it (a section and row, or a byte offset). */
export class ArchiveError extends Error {
  constructor(
    readonly file: string,
    readonly where: string,
    readonly detail: string,
  ) {
    super(`${file}: ${where}: ${detail}`);
    this.name = 'ArchiveError';
  }
}

export const zeroCounts = (): SectionCounts => Object.fromEntries(SECTIONS.map((s) => [s, 0])) as SectionCounts;
