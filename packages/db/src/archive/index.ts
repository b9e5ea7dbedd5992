export { studyArchive, type ArchiveExportOptions } from './write-archive';
export {
  importArchive,
  ArchiveConflictError,
  type ArchiveImportOptions,
  type ArchiveImportSummary,
} from './import-archive';
export {
  ArchiveError,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ARCHIVE_MEDIA_TYPE,
  ARCHIVE_EXTENSION,
  SECTIONS,
} from './format';
export type { SectionCounts } from './format';
