// What the CLI and the benchmarks read with: results files (LiveCodeBench, JSONL), manifests of
// many files, and the synthetic sweep generator; and what exports write with (CSV, Parquet).
export { FormatError } from './errors';
export { readLcbEvalFile, type LcbProblemRecord, type LcbSample } from './lcb';
export { readJsonlSamples, type JsonlSample, type JsonlTestResult } from './jsonl';
export { MANIFEST_ROLES, type EntryFormat } from './manifest-schema';
export { readManifest, DEFAULT_SETTING, type Manifest, type ManifestEntry } from './manifest';
export { detectFormat, type FileFormat } from './detect';
export { writeSyntheticSweep, type SyntheticSweepOptions, type SyntheticSweepResult } from './synthetic';
export {
  drawVerdict,
  makeProblems,
  trueBestAlpha,
  truePassAtK,
  verdictMix,
  SWEEP_SHAPES,
  type SweepShape,
  type SyntheticProblem,
  type TrueBestAlpha,
} from './synthetic-model';
export { Rng, mixSeed } from './synthetic-prng';
export { writeTable, isTableFormat, TABLE_FORMATS, type TableColumn, type TableFormat, type TableRow } from './table';
export type { ParquetTableOptions } from './table-parquet';
export { offlineHtml, scriptSafeJson, type OfflineDocument, type OfflineViewer } from './offline-html';
