import { join } from 'node:path';
import { parseBackendChoice, type BackendChoice } from '@frontier/core';
import { createJudge, type Judge } from '@frontier/judge';
import { z } from 'zod';

/** FRONTIER_JUDGE_BACKEND, as the env module of each app that runs the pipeline parses it. */
export const judgeBackendEnv = z
  .string()
  .default('auto')
  .transform((text, ctx) => {
    const r = parseBackendChoice(text);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  })
  .describe("The judge's sandbox backend: `cgroup1`, `cgroup2`, `rootless`, or `auto` (the strongest that works here).");

// One judge per worker process, created on first use and closed at shutdown. The judge logs which
// backend it got and why: a study may require one, and verdicts can differ between them.
export function lazyJudge(dataDir: string, backend: BackendChoice = 'auto'): { get(): Promise<Judge>; close(): Promise<void> } {
  let judge: Promise<Judge> | undefined;
  return {
    get: () => (judge ??= Promise.resolve(createJudge({ cacheDir: join(dataDir, 'judge-cache'), backend, log: (m) => process.stderr.write(`[judge] ${m}\n`) }))),
    close: async () => {
      if (judge) await (await judge).close();
    },
  };
}
