import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LCB_TIMEOUT_S } from '../lcb';
import { DEFAULT_TIME_MULTIPLIER, resolveLimits, type ResolvedLimits } from '../limits';
import { Programs } from '../programs';
import { resolveBackend } from '../sandbox/backend';
import { buildNativeParts } from '../sandbox/native';
import { SlotPool } from '../sandbox/pool';
import type { Language, Problem, SandboxBackend } from '../types';
import type { JudgeOptions } from './options';
import { machineOf } from '../version';
import { WorkFiles } from './work-files';

/** A judge's settings and machinery, resolved once from its options; every step of judging reads it. */
export interface JudgeRig {
  readonly backend: SandboxBackend;
  /** Its CPU model, recorded with every verdict. */
  readonly machine: string;
  readonly workers: number;
  readonly log: (message: string) => void;
  readonly cacheDir: string;
  readonly workDir: string;
  readonly files: WorkFiles;
  readonly pool: SlotPool;
  readonly programs: Programs;
  /** A TLE within this fraction of the limit is re-run before it stands. */
  readonly rerunMargin: number;
  readonly maxReruns: number;
  /** judgeSamples' `lcbCompat` when a call does not say. */
  readonly lcbCompat: boolean;
  limitsOf(problem: Problem, language: Language, lcbCompat: boolean): ResolvedLimits;
  /** Stops the slots, and removes the work directory if the judge made it. */
  close(): Promise<void>;
}

/** Directories, the sandbox backend (logged with why), the native parts, the slots and the compiler. */
export function setUpJudge(options: JudgeOptions): JudgeRig {
  const workers = Math.max(1, options.workers ?? availableParallelism());
  const log = options.log ?? ((m: string) => process.stderr.write(`[judge] ${m}\n`));
  // Per user and private: it holds compiled binaries and native code the judge runs.
  const cacheDir = options.cacheDir ?? join(tmpdir(), `frontier-judge-cache-${process.getuid?.() ?? 0}`);
  mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
  const ownWorkDir = !options.workDir;
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), 'frontier-judge-'));
  const files = new WorkFiles(workDir);
  const python = options.python ?? '/usr/bin/python3';
  const setup = resolveBackend(options.backend ?? 'auto', python);
  log(`sandbox backend ${setup.backend}: ${setup.reason}`);
  const native = buildNativeParts(python, cacheDir, options.cc);
  const pool = new SlotPool({
    workers,
    python,
    zygoteArgs: native.zygoteArgs,
    roots: { work: workDir, cache: cacheDir },
    reaper: native.reaper,
    native: native.supervisorLib,
    templateNative: native.templateLib,
    uid: options.uid ?? 65534,
    gid: options.gid ?? 65534,
    namespaceScope: options.namespaceScope ?? 'sample',
    pin: options.pinSlots ?? true,
    hide: options.hide,
    backend: setup,
    log,
  });
  const programs = new Programs(workDir, cacheDir, pool, {
    gxx: options.gxx ?? '/usr/bin/g++',
    cpuSeconds: options.compileSeconds ?? 30,
    memoryBytes: (options.compileMemoryMib ?? 1024) << 20,
    allocShim: native.allocShim,
  });
  return {
    backend: setup.backend,
    machine: machineOf(),
    workers,
    log,
    cacheDir,
    workDir,
    files,
    pool,
    programs,
    rerunMargin: options.rerunMargin ?? 0.1,
    maxReruns: options.maxReruns ?? 2,
    lcbCompat: options.lcbCompat ?? false,
    limitsOf: limitsFor(options),
    async close() {
      await pool.close();
      if (ownWorkDir) rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** A test's limits: the problem's, overridden by the judge's, scaled for the language. */
function limitsFor(options: JudgeOptions): JudgeRig['limitsOf'] {
  const multipliers = { ...DEFAULT_TIME_MULTIPLIER, ...options.timeMultiplier };
  // LiveCodeBench's evaluator gives each test one alarm of `--timeout` (default 6) seconds of wall
  // clock; the compat mode takes it as the CPU limit, so that its verdicts do not follow the load.
  return (problem, language, lcbCompat) => {
    const compat =
      lcbCompat && language === 'python' && (problem.checker.mode === 'lcb' || problem.functional !== undefined);
    const own = compat ? { ...problem.limits, timeS: problem.limits.timeS ?? LCB_TIMEOUT_S } : problem.limits;
    return resolveLimits(own, options.limits ?? {}, language, multipliers);
  };
}
