import { parseBackendChoice } from '@frontier/core';
import { z } from 'zod';

/** FRONTIER_JUDGE_BACKEND as every app that runs the pipeline reads it: cgroup1, cgroup2, rootless or auto. */
export const judgeBackendSchema = z
  .string()
  .default('auto')
  .transform((text, ctx) => {
    const r = parseBackendChoice(text);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  })
  .describe(
    "The judge's sandbox backend: `cgroup1`, `cgroup2`, `rootless`, or `auto` (the strongest that works here).",
  );
