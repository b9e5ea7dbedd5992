export { createDb, type Db } from './client';
export { openDatabase, type OpenDatabase, type OpenOptions } from './open';
export { migrate } from './migrate';
export { startEmbeddedPostgres, type EmbeddedServer } from './embedded/postgres';
export { importStudy } from './ingest/import-study';
export {
  studyImportFromFile,
  singleFileCheckpoint,
  ImportFieldError,
  type ImportFields,
  type FromFileOptions,
} from './ingest/from-files';
export { importReport, archiveReport, type ImportReport, type ArchiveOutcome } from './ingest/report';
export type * from './ingest/types';
export { recomputeAggregates } from './aggregate';
export { findStudy } from './queries/studies';
export { listStudySummaries, getStudySummary, type StudySummary } from './queries/study-summaries';
export { getStudyVersion, getStudiesVersion } from './queries/study-versions';
export { cachedStudyVersions, type StudyVersions } from './queries/study-version-cache';
export { listenForChanges, type ChangeFeed } from './notify/change-feed';
export { cacheUntilChange, type ChangeCache } from './notify/change-cache';
export { countUndatedProblems, getStudyData } from './queries/study-data';
export {
  listExclusions,
  findExclusion,
  excludeProblems,
  includeProblems,
  type ProblemExclusionEntry,
  type ExclusionInput,
  type ExclusionChange,
} from './queries/exclusions';
export { listStudyFacets, type StudyFacets } from './queries/study-facets';
export {
  findStudyProblem,
  listProblemCounts,
  type StudyProblem,
  type ProblemCheckpointCounts,
} from './queries/problem-detail';
export {
  listSamples,
  getSample,
  getTestTiers,
  type ProblemSample,
  type ProblemSampleDetail,
  type SamplePage,
  type SamplePageQuery,
} from './queries/problem-samples';
export { findMissingCheckpoints, getFailTierHistograms, type FailTierHistograms } from './queries/triage-evidence';
export {
  insertShare,
  findShare,
  shareExists,
  countShares,
  deleteShare,
  listShares,
  type NewShare,
  type StoredShare,
  type ShareSummary,
} from './queries/shares';
export { pingDatabase } from './queries/ping';
export { exportRows, EXPORT_COLUMNS, type ExportRow } from './queries/export-rows';
export { exportSamples, sampleExportColumns, type SampleExportOptions } from './queries/export-samples';
export { encodeProgram, decodeProgram, programText } from './program-codec';
export { studyExport, type StudyExportOptions } from './queries/study-export';
export * from './pipeline';
export { importBenchmark, type BenchmarkProblemInput } from './ingest/benchmark';
export { NotFoundError, InvalidInputError, LimitReachedError, StudyNotEvaluableError, ConflictError } from './errors';
export { DatabaseGoneError, isDatabaseUnavailable, waitForDatabase } from './availability';
export { addUser, listUsers, findUser, setUserRole, removeUser, type UserSummary } from './accounts/users';
export {
  createToken,
  listTokens,
  revokeToken,
  identifyToken,
  hashToken,
  type TokenSummary,
  type TokenIdentity,
} from './accounts/tokens';
export { consumeWrite } from './limits/write-rate';
export { cachedTokenIdentifier, type TokenIdentifier } from './accounts/token-cache';
export * from './archive';
