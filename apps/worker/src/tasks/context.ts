import type { Db } from '@frontier/db';

// What every task needs from the process that runs it.
export interface TaskContext {
  db: Db;
  dataDir: string;
}
