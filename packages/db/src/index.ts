export { createDb, redactUrl, type Db } from './client';
export { openDatabase, type OpenDatabase, type OpenOptions } from './open';
export { migrate, MIGRATIONS_DIR } from './migrate';
export { startEmbeddedPostgres, type EmbeddedServer } from './embedded/postgres';
export * from './generated/client';
