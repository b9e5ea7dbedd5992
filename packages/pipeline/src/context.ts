import type { Db } from '@frontier/db';
import type { Judge } from '@frontier/judge';

// What every step needs from the process that runs it.
export interface TaskContext {
  db: Db;
  dataDir: string;
  /** The process's judge, started on first use (its sandboxes and interpreters are reused). */
  judge(): Promise<Judge>;
  /** The value of the environment variable `name` on this worker (an inference API key), if set. */
  secret(name: string): string | undefined;
}
