import type { Language, Limits } from './types';

export const DEFAULT_LIMITS: Limits = { timeS: 2, memoryMib: 256, outputMib: 64, processes: 64, fileMib: 64 };

/** CPU-time multiplier per language applied to a problem's time limit. */
export const DEFAULT_TIME_MULTIPLIER: Readonly<Record<Language, number>> = { python: 1, cpp: 1 };

export interface ResolvedLimits {
  cpuMs: number;
  wallMs: number;
  memoryBytes: number;
  outputBytes: number;
  processes: number;
  fileBytes: number;
}

/** Problem limits, overridden by the caller's, scaled for the language. */
export function resolveLimits(
  problem: Partial<Limits>,
  overrides: Partial<Limits>,
  language: Language,
  multipliers: Readonly<Record<Language, number>> = DEFAULT_TIME_MULTIPLIER,
): ResolvedLimits {
  const l = { ...DEFAULT_LIMITS, ...strip(problem), ...strip(overrides) };
  const cpuMs = l.timeS * 1000 * (multipliers[language] ?? 1);
  const wallMs = overrides.wallS ?? problem.wallS ?? undefined;
  return {
    cpuMs,
    wallMs: wallMs !== undefined ? wallMs * 1000 : cpuMs * 3,
    memoryBytes: Math.round(l.memoryMib * 1024 * 1024),
    outputBytes: Math.round(l.outputMib * 1024 * 1024),
    processes: l.processes,
    fileBytes: Math.round(l.fileMib * 1024 * 1024),
  };
}

function strip(o: Partial<Limits>): Partial<Limits> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<Limits>;
}
