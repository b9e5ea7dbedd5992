import { join } from 'node:path';
import { createJudge, type Judge } from '@frontier/judge';

// One judge per worker process, created on first use and closed at shutdown.
export function lazyJudge(dataDir: string): { get(): Promise<Judge>; close(): Promise<void> } {
  let judge: Promise<Judge> | undefined;
  return {
    get: () => (judge ??= Promise.resolve(createJudge({ cacheDir: join(dataDir, 'judge-cache'), log: (m) => process.stderr.write(`[judge] ${m}\n`) }))),
    close: async () => {
      if (judge) await (await judge).close();
    },
  };
}
