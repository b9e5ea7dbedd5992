export {
  DiskFullError,
  explainDiskFull,
  ensureFreeSpace,
  formatBytes,
  isOutOfSpace,
  namePaths,
  type DiskFullDetails,
} from './disk-full';
export { explainDatabaseDiskFull } from './database-disk-full';
export {
  removeTemporaries,
  temporaryPath,
  writeFileAtomic,
  writeFileAtomicSync,
  type AtomicWriteOptions,
} from './atomic-write';
export { deviceName, freeBytes } from './filesystem';
