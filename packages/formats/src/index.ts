export { FormatError, formatLocation, type FormatErrorInit, type FormatLocation } from './errors';
export { JsonArraySplitter, type RawElement } from './json-array-splitter';
export { parseJsonArray, readJsonArrayFile, type ParsedElement } from './json-array-stream';
export { LCB_ERROR_CODES } from './lcb-verdict';
export { readLcbEvalFile, parseLcbRecord, type LcbProblemRecord, type LcbSample, type LcbReadOptions } from './lcb';
export { LANGUAGES, jsonlSampleSchema, jsonlTestSchema, type Language, type JsonlSampleLine } from './sample-schema';
export { readJsonlSamples, type JsonlSample, type JsonlTestResult } from './jsonl';
export { MANIFEST_ROLES, ENTRY_FORMATS, manifestSchema, type ManifestRole, type EntryFormat, type ManifestFile } from './manifest-schema';
export { readManifest, DEFAULT_SETTING, type Manifest, type ManifestEntry } from './manifest';
export { detectFormat, type FileFormat } from './detect';
export {
  writeSyntheticSweep,
  roleForAlpha,
  DEFAULT_SYNTHETIC_ALPHAS,
  type SyntheticSweepOptions,
  type SyntheticSweepResult,
} from './synthetic';
