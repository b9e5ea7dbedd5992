import type { SandboxBackend } from '@frontier/core';
import type { FailureClass, Verdict } from './verdicts';

export type Language = 'python' | 'cpp';
export const LANGUAGES: readonly Language[] = ['python', 'cpp'];

/** How a test's output is compared with the expected output (see checker.ts). */
export type Checker =
  { mode: 'tokens' } | { mode: 'float'; absTol?: number; relTol?: number } | { mode: 'exact' } | { mode: 'lcb' };

/** Limits of one problem; every field optional in a benchmark file, filled by resolveLimits. */
export interface Limits {
  timeS: number;
  memoryMib: number;
  outputMib: number;
  /** Wall-clock cap; default 3x the (language-scaled) CPU limit. */
  wallS?: number;
  processes: number;
  fileMib: number;
}

export interface TestCase {
  input: string;
  output: string;
  tier: number;
}

export interface Problem {
  id: string;
  title?: string;
  difficulty?: string;
  limits: Partial<Limits>;
  checker: Checker;
  /** LiveCodeBench functional problems: the method of `class Solution` to call. */
  functional?: { fnName: string };
  tests: TestCase[];
  /** How tiers were derived when the source had none. */
  tierDerivation?: TierDerivation;
  /** When the problem was published (release_date, or LiveCodeBench's contest_date). */
  releaseDate?: Date;
}

export interface TierDerivation {
  method: 'input-bytes-quantiles';
  k: number;
  /** Largest input size (bytes) of each tier, in tier order. */
  maxInputBytes: number[];
}

export interface Benchmark {
  name?: string;
  format: 'frontier' | 'lcb';
  problems: Map<string, Problem>;
}

export interface Sample {
  id: string;
  problemId: string;
  language: Language;
  code: string;
}

export interface TestRecord {
  /** Index of the test in the problem's own order. */
  index: number;
  tier: number;
  verdict: Verdict;
  cpuMs: number;
  peakKib: number;
  wallMs: number;
  reruns: number;
  /** Why the judge failed (IE) or what the program said (RE, CE): a short tail. */
  detail?: string;
}

// How a judge isolates and measures programs (README, "Sandbox backends"): the names are shared
// vocabulary (the database records them, a study may require one), so they live in core.
export { SANDBOX_BACKENDS, type BackendChoice, type SandboxBackend } from '@frontier/core';

/**
 * How long the network, IPC and mount namespaces programs run in live: one per sample, shared by its
 * tests (the same program), or one per test (README, "Threat model").
 */
export const NAMESPACE_SCOPES = ['sample', 'test'] as const;
export type NamespaceScope = (typeof NAMESPACE_SCOPES)[number];

export interface SampleResult {
  id: string;
  problemId: string;
  language: Language;
  verdict: Verdict;
  failureClass: FailureClass;
  /** Highest coverage level c such that every test of tiers 1..c is AC (0 when tier 1 fails). */
  coveragePassed: number;
  tiers: number;
  tests: TestRecord[];
  reruns: number;
  compileError?: string;
  internalError?: string;
  /** True when an identical (code, language, test set, limits) sample supplied the result. */
  deduplicated?: boolean;
  /** The sandbox backend that ran the tests. */
  sandbox: SandboxBackend;
  /** The judge's version (JUDGE_VERSION) that reached this verdict. */
  judgeVersion: number;
  /** The limits the tests ran under, as applied (the problem's, overridden, scaled for the language). */
  limits: AppliedLimits;
  /** The machine it was judged on: its CPU model. */
  machine: string;
}

/** The limits a verdict was reached under, as recorded with it. */
export interface AppliedLimits {
  cpuMs: number;
  memoryKib: number;
}
