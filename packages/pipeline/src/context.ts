import type { Db } from '@frontier/db';
import type { InProcessBackendFactory } from '@frontier/generate';
import type { Judge } from '@frontier/judge';

// What every step needs from the process that runs it.
export interface TaskContext {
  db: Db;
  dataDir: string;
  /** The process's judge, started on first use (its sandboxes and interpreters are reused). */
  judge(): Promise<Judge>;
  /** The value of the environment variable `name` on this worker (an inference API key), if set. */
  secret(name: string): string | undefined;
  /**
   * The demo lab's toy policy, for studies whose backend is `toy`: the app wires it in, so the
   * pipeline never imports the demo. Without it, such a study's generate job fails saying so.
   */
  toyPolicy?: InProcessBackendFactory;
}
