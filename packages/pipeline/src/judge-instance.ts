import { join } from 'node:path';
import type { BackendChoice } from '@frontier/core';
import { createJudge, type Judge } from '@frontier/judge';

// One judge per worker process, created on first use and closed at shutdown. The judge logs which
// backend it got and why: a study may require one, and verdicts can differ between them.
export function lazyJudge(
  dataDir: string,
  backend: BackendChoice = 'auto',
): { get(): Promise<Judge>; close(): Promise<void> } {
  let judge: Promise<Judge> | undefined;
  return {
    get: () =>
      (judge ??= Promise.resolve(
        createJudge({
          cacheDir: join(dataDir, 'judge-cache'),
          backend,
          log: (m) => process.stderr.write(`[judge] ${m}\n`),
        }),
      )),
    close: async () => {
      if (judge) await (await judge).close();
    },
  };
}
