import { mkdirSync, mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskFullError, explainDiskFull, freeBytes, isOutOfSpace, writeFileAtomicSync } from '@frontier/disk';
import { checkOutput, functionalEqual } from './checker';
import { classifyRun, isBorderlineTle, peakKib } from './classify';
import { JudgeInputError } from './errors';
import { LCB_TIMEOUT_S } from './lcb';
import { DEFAULT_TIME_MULTIPLIER, resolveLimits, type ResolvedLimits } from './limits';
import { Programs, sha, type Program } from './programs';
import { ensureAllocShim, ensureReaper, ensureSupervisorLib, ensureTemplateLib, zygoteCommand } from './sandbox/native';
import { SlotPool } from './sandbox/pool';
import { resolveBackend } from './sandbox/backend';
import type { RunRequest, RunResult } from './sandbox/types';
import { judgingOrder, tierCount } from './tiers';
import { LANGUAGES, type BackendChoice, type Benchmark, type Language, type SandboxBackend, type Limits, type NamespaceScope, type Problem, type Sample, type SampleResult, type TestRecord } from './types';
import { failureClassOf, type Verdict } from './verdicts';

export interface JudgeOptions {
  /** Tests run in parallel; default the number of cores. */
  workers?: number;
  /** Python interpreter by absolute path (no PATH lookup, no shims). */
  python?: string;
  gxx?: string;
  cc?: string;
  /** Compiled binaries and the reaper stub, kept across runs. */
  cacheDir?: string;
  /** Scratch space (inputs, sources, outputs) for this judge; removed by close(). */
  workDir?: string;
  /** Limits that override every problem's own (e.g. from the command line). */
  limits?: Partial<Limits>;
  timeMultiplier?: Partial<Record<Language, number>>;
  /** A TLE within this fraction of the limit is re-run before it stands. Default 0.1. */
  rerunMargin?: number;
  maxReruns?: number;
  uid?: number;
  gid?: number;
  /**
   * How long the network, IPC and mount namespaces (with /tmp and /dev/shm) live: one set per
   * sample, shared by its tests (default: the same program; README, "Threat model"), or one per test.
   */
  namespaceScope?: NamespaceScope;
  /**
   * Pin each slot (its supervisor and tests) to one CPU, slot i to the i-th allowed CPU modulo
   * their number (default true): ~20% more tests per second on a 2-core VM, steadier CPU times.
   */
  pinSlots?: boolean;
  /** Top-level directories hidden from programs; default all but the system directories. */
  hide?: string[];
  compileSeconds?: number;
  compileMemoryMib?: number;
  /**
   * Run Python on LiveCodeBench problems (checker `lcb`, functional) as LiveCodeBench's evaluator
   * does, quirks included, with its 6 s timeout (as CPU time) where no limit is set; off by default
   * (README: "Where verdicts differ from LiveCodeBench's"). judgeSamples may override it.
   */
  lcbCompat?: boolean;
  /** The sandbox backend (default `auto`: the strongest that works here; logged with why). */
  backend?: BackendChoice;
  log?: (message: string) => void;
}

export interface JudgeRunOptions {
  /** Run every test instead of stopping at the first failure. */
  allTests?: boolean;
  /** This call's `lcbCompat` (default: the judge's). */
  lcbCompat?: boolean;
  onResult?: (result: SampleResult) => void;
}

export interface Judge {
  /** The backend this judge runs its tests with. */
  readonly backend: SandboxBackend;
  judgeSamples(benchmark: Benchmark, samples: readonly Sample[], options?: JudgeRunOptions): Promise<SampleResult[]>;
  close(): Promise<void>;
}

/** Checks every sample against the benchmark before any is judged; throws naming the record. */
export function validateSamples(benchmark: Benchmark, samples: readonly Sample[]): void {
  samples.forEach((s, i) => {
    const where = `sample #${i + 1} (id ${JSON.stringify(s.id)})`;
    if (!LANGUAGES.includes(s.language)) throw new JudgeInputError(`${where}: unknown language ${JSON.stringify(s.language)} (expected python or cpp)`);
    if (typeof s.code !== 'string') throw new JudgeInputError(`${where}: code must be a string`);
    const p = benchmark.problems.get(s.problemId);
    if (!p) throw new JudgeInputError(`${where}: unknown problem ${JSON.stringify(s.problemId)}`);
    if (p.tests.length === 0) throw new JudgeInputError(`${where}: problem ${JSON.stringify(s.problemId)} has no tests`);
  });
}

/** Free space under which a relayed ENOSPC is taken for a full disk: more than one test may write. */
const SHORT_OF_SPACE = 256 << 20;

export function createJudge(options: JudgeOptions = {}): Judge {
  const workers = Math.max(1, options.workers ?? availableParallelism());
  const log = options.log ?? ((m: string) => process.stderr.write(`[judge] ${m}\n`));
  // Per user and private: it holds compiled binaries and native code the judge runs.
  const cacheDir = options.cacheDir ?? join(tmpdir(), `frontier-judge-cache-${process.getuid?.() ?? 0}`);
  mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
  const ownWorkDir = !options.workDir;
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), 'frontier-judge-'));
  mkdirSync(join(workDir, 'in'), { recursive: true });
  mkdirSync(join(workDir, 'out'), { recursive: true });
  const margin = options.rerunMargin ?? 0.1;
  const maxReruns = options.maxReruns ?? 2;
  const multipliers = { ...DEFAULT_TIME_MULTIPLIER, ...options.timeMultiplier };
  const python = options.python ?? '/usr/bin/python3';
  // LiveCodeBench's evaluator gives each test one alarm of `--timeout` (default 6) seconds of wall
  // clock; the compat mode takes it as the CPU limit, so that its verdicts do not follow the load.
  const limitsOf = (problem: Problem, language: Language, lcbCompat: boolean): ResolvedLimits => {
    const compat = lcbCompat && language === 'python' && (problem.checker.mode === 'lcb' || problem.functional !== undefined);
    const own = compat ? { ...problem.limits, timeS: problem.limits.timeS ?? LCB_TIMEOUT_S } : problem.limits;
    return resolveLimits(own, options.limits ?? {}, language, multipliers);
  };
  const setup = resolveBackend(options.backend ?? 'auto', python);
  const backend: SandboxBackend = setup.backend;
  log(`sandbox backend ${backend}: ${setup.reason}`);
  const pool = new SlotPool({
    workers,
    python,
    zygoteArgs: zygoteCommand(python, cacheDir),
    roots: { work: workDir, cache: cacheDir },
    reaper: ensureReaper(cacheDir, options.cc),
    native: ensureSupervisorLib(cacheDir, options.cc),
    templateNative: ensureTemplateLib(cacheDir, options.cc),
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
    allocShim: ensureAllocShim(cacheDir, options.cc),
  });
  const inputs = new WeakMap<Problem, string[]>();
  const testSetKeys = new WeakMap<Problem, string>();
  const done = new Map<string, Promise<SampleResult>>();
  // A full disk is neither the program's fault nor a passing glitch of the judge: no verdict (not
  // even IE) is given; the call fails naming the directory, and judging again once space is freed
  // works (nothing half-written is kept, nothing failed is remembered). The supervisor relays
  // errors as text, and ENOSPC also means too many namespaces: from it, only a directory really
  // short of space stops judging.
  const stopIfDiskFull = (err: unknown, dir: string): void => {
    if (isOutOfSpace(err) && (err instanceof DiskFullError || freeBytes(dir) < SHORT_OF_SPACE)) throw explainDiskFull(err, { path: dir });
  };

  // Outputs cut short by a full disk are this lane's own files: removed, so that the space they
  // took is free again for the retry (and reported free in the error).
  const dropCutOutputs = (err: unknown, files: readonly string[]): void => {
    if (isOutOfSpace(err)) for (const f of files) rmSync(join(workDir, f), { force: true });
  };

  const inputFile = (problem: Problem, index: number): string => {
    let files = inputs.get(problem);
    if (!files) inputs.set(problem, (files = []));
    let rel = files[index];
    if (!rel) {
      const input = problem.tests[index]!.input;
      rel = join('in', sha(input));
      // Whole or absent: a later call must never run a test on an input the disk cut short.
      if (!existsSync(join(workDir, rel))) writeFileAtomicSync(join(workDir, rel), input, { durable: false });
      files[index] = rel;
    }
    return rel;
  };

  const testSetKey = (p: Problem): string => {
    let k = testSetKeys.get(p);
    if (!k) testSetKeys.set(p, (k = sha(JSON.stringify([p.tests, p.checker, p.functional ?? null, p.limits]))));
    return k;
  };

  const baseRequest = (program: Program & { kind: 'python' | 'exec' }, limits: ResolvedLimits): RunRequest => ({
    ...program,
    stdout: ['work', ''],
    // The CPU rlimit leaves room past the limit so that a borderline run is measured, not cut.
    cpuSeconds: (limits.cpuMs * (1 + margin)) / 1000,
    wallSeconds: limits.wallMs / 1000,
    memoryBytes: limits.memoryBytes,
    processes: limits.processes,
    outputBytes: limits.outputBytes,
    fileBytes: limits.fileBytes,
    tmpBytes: limits.fileBytes,
    stackBytes: limits.memoryBytes,
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: '/tmp' },
    inlineOutput: true,
  });

  async function runOnce(program: Program & { kind: 'python' | 'exec' }, problem: Problem, index: number, limits: ResolvedLimits) {
    const req: RunRequest = { ...baseRequest(program, limits), stdin: ['work', inputFile(problem, index)] };
    return pool.withSlot(async (slot, lane) => {
      const out = join('out', `slot-${slot.index}-${lane}`);
      const run = await slot.run({ ...req, stdout: ['work', out] }).catch((err: unknown) => {
        dropCutOutputs(err, [out]);
        throw err;
      });
      return { run, output: outputOf(run, out) };
    });
  }

  // Small outputs come inline; a large or non-UTF-8 one is in the run's stdout file.
  const outputOf = (run: RunResult, file: string): string => (run.ole ? '' : run.output ?? readFileSync(join(workDir, file), 'utf8'));

  function verdictOf(run: RunResult, output: string, problem: Problem, index: number, limits: ResolvedLimits): Verdict {
    const v = classifyRun(run, limits);
    if (v) return v;
    const expected = problem.tests[index]!.output;
    if (problem.functional) return functionalEqual(output, expected) ? 'AC' : 'WA';
    return checkOutput(problem.checker, output, expected) ? 'AC' : 'WA';
  }

  async function runTest(program: Program & { kind: 'python' | 'exec' }, problem: Problem, index: number, limits: ResolvedLimits, sample: Sample, firstReruns = 0): Promise<TestRecord & { compileError?: string }> {
    let reruns = firstReruns;
    let attempt = 0;
    for (;;) {
      let run: RunResult;
      let output: string;
      try {
        ({ run, output } = await runOnce(program, problem, index, limits));
      } catch (err) {
        stopIfDiskFull(err, workDir);
        // The judge's own fault (a supervisor died): retry once on a fresh slot, then IE.
        if (attempt++ < 1) continue;
        const cause = (err as Error).message;
        log(`IE on sample ${sample.id} test ${index}: ${cause}`);
        return { index, tier: problem.tests[index]!.tier, verdict: 'IE', cpuMs: 0, peakKib: 0, wallMs: 0, reruns, detail: cause };
      }
      const verdict = verdictOf(run, output, problem, index, limits);
      noteRun(run, verdict, sample, index);
      if (verdict === 'TLE' && reruns < maxReruns && isBorderlineTle(run, limits, margin)) {
        reruns++;
        continue;
      }
      return recordOf(run, verdict, problem, index, reruns);
    }
  }

  function noteRun(run: RunResult, verdict: Verdict, sample: Sample, index: number): void {
    if (verdict === 'IE') log(`IE on sample ${sample.id} test ${index}: ${run.setupError}`);
    if (run.leftoverProcesses > 0) log(`slot left ${run.leftoverProcesses} process(es) after sample ${sample.id} test ${index}`);
  }

  function recordOf(run: RunResult, verdict: Verdict, problem: Problem, index: number, reruns: number): TestRecord & { compileError?: string } {
    const record: TestRecord & { compileError?: string } = {
      index,
      tier: problem.tests[index]!.tier,
      verdict,
      cpuMs: Math.round(run.cpuMs * 1000) / 1000,
      peakKib: peakKib(run),
      wallMs: Math.round(run.wallMs * 1000) / 1000,
      reruns,
    };
    if (verdict === 'IE') record.detail = run.setupError;
    if (verdict === 'RE' || verdict === 'MLE') record.detail = run.stderr.slice(-500) || undefined;
    if (verdict === 'CE') record.compileError = run.compileError;
    return record;
  }

  /**
   * Runs `order` (test indices) on one slot in a single request, in order; the supervisor answers
   * per test and the outputs are checked here as they arrive. Stops at the first non-AC unless
   * `allTests`, and at a borderline TLE (to be re-run on its own). Returns the records of the
   * prefix that was judged; an empty prefix only if the slot failed before any result.
   */
  async function runBatch(program: Program & { kind: 'python' | 'exec' }, problem: Problem, order: readonly number[], limits: ResolvedLimits, sample: Sample, allTests: boolean) {
    const records: (TestRecord & { compileError?: string })[] = [];
    let borderline: number | undefined;
    let failed: Error | undefined;
    await pool.withSlot(async (slot, lane) => {
      // Per lane: the slot may run the other lane's request before this one's outputs are read.
      const outs = order.map((_, k) => join('out', `slot-${slot.index}-${lane}-${k}`));
      const items = order.map((index, k) => ({ stdin: ['work', inputFile(problem, index)] as const, stdout: ['work', outs[k]!] as const }));
      try {
        await slot.runBatch(baseRequest(program, limits), items, { stopOnFailure: !allTests, stopCpuMs: limits.cpuMs }, (k, run) => {
          if (k !== records.length) return false; // never expected: results come in order
          const index = order[k]!;
          const verdict = verdictOf(run, outputOf(run, outs[k]!), problem, index, limits);
          noteRun(run, verdict, sample, index);
          if (verdict === 'TLE' && maxReruns > 0 && isBorderlineTle(run, limits, margin)) {
            borderline = k;
            return false;
          }
          const rec = recordOf(run, verdict, problem, index, 0);
          records.push(rec);
          return rec.compileError === undefined && (verdict === 'AC' || allTests);
        });
      } catch (err) {
        failed = err as Error;
        dropCutOutputs(err, outs);
      }
    });
    return { records, borderline, failed };
  }

  async function judgeOne(problem: Problem, sample: Sample, allTests: boolean, lcbCompat: boolean): Promise<SampleResult> {
    const limits = limitsOf(problem, sample.language, lcbCompat);
    const base = { id: sample.id, problemId: sample.problemId, language: sample.language, tiers: tierCount(problem.tests), sandbox: backend };
    let program: Program;
    try {
      program = await programs.prepare(sample.language, sample.code, problem, lcbCompat);
    } catch (err) {
      stopIfDiskFull(err, cacheDir);
      const cause = (err as Error).message;
      log(`IE preparing sample ${sample.id}: ${cause}`);
      return { ...base, verdict: 'IE', failureClass: 'INTERNAL', coveragePassed: 0, tests: [], reruns: 0, internalError: cause };
    }
    if (program.kind === 'ce') {
      return { ...base, verdict: 'CE', failureClass: failureClassOf('CE'), coveragePassed: 0, tests: [], reruns: 0, compileError: program.message };
    }
    const tests: TestRecord[] = [];
    let compileError: string | undefined;
    const order = judgingOrder(problem.tests);
    // Returns false when judging stops here.
    const take = (rec: TestRecord & { compileError?: string }): boolean => {
      if (rec.compileError !== undefined) {
        compileError = rec.compileError;
        return false; // a Python syntax error is the sample's, not one test's
      }
      tests.push(rec);
      return rec.verdict === 'AC' || allTests;
    };
    let pos = 0;
    judging: while (pos < order.length) {
      // The remaining tests in one request to the slot's supervisor (no round trip per test).
      const { records, borderline, failed } = await runBatch(program, problem, order.slice(pos), limits, sample, allTests);
      stopIfDiskFull(failed, workDir); // a test's output file could not be written
      for (const rec of records) {
        pos++;
        if (!take(rec)) break judging;
      }
      if (pos >= order.length) break;
      if (borderline !== undefined || failed || records.length === 0) {
        // A borderline TLE is re-run on its own (the batch's run was the first); after a
        // supervisor failure the next test goes through the single-run path, which retries on a
        // fresh slot and reports IE.
        const rec = await runTest(program, problem, order[pos]!, limits, sample, borderline !== undefined ? 1 : 0);
        pos++;
        if (!take(rec)) break;
      }
      // Otherwise the supervisor stopped on a run judged AC here: the rest goes in a new batch.
    }
    const firstBad = compileError !== undefined ? 'CE' : tests.find((t) => t.verdict !== 'AC')?.verdict;
    const verdict: Verdict = firstBad ?? 'AC';
    const result: SampleResult = {
      ...base,
      verdict,
      failureClass: failureClassOf(verdict),
      coveragePassed: compileError !== undefined ? 0 : coverage(problem, tests),
      tests,
      reruns: tests.reduce((n, t) => n + t.reruns, 0),
    };
    if (compileError !== undefined) result.compileError = compileError;
    const ie = tests.find((t) => t.verdict === 'IE');
    if (ie) result.internalError = ie.detail;
    return result;
  }

  return {
    backend,
    async judgeSamples(benchmark, samples, runOptions = {}) {
      validateSamples(benchmark, samples);
      const allTests = runOptions.allTests ?? false;
      const lcbCompat = runOptions.lcbCompat ?? options.lcbCompat ?? false;
      const results: SampleResult[] = new Array(samples.length);
      let next = 0;
      let stopped = false;
      // More samples in flight than slots, so that a slot never waits for Node's bookkeeping.
      const lanes = Array.from({ length: Math.min(samples.length, workers * 2) }, async () => {
        while (!stopped && next < samples.length) {
          const i = next++;
          const sample = samples[i]!;
          const problem = benchmark.problems.get(sample.problemId)!;
          const limits = limitsOf(problem, sample.language, lcbCompat);
          const key = sha(sample.language, sample.code, testSetKey(problem), JSON.stringify(limits), String(allTests), String(lcbCompat));
          let p = done.get(key);
          const dedup = p !== undefined;
          if (!p) {
            p = judgeOne(problem, sample, allTests, lcbCompat);
            done.set(key, p);
            void p.catch(() => done.delete(key));
          }
          // An error (a full disk) fails the call: the other lanes take no new sample.
          const r = await p.catch((err: unknown) => {
            stopped = true;
            throw err;
          });
          // An IE is never cached: judging that sample again may succeed.
          if (r.verdict === 'IE') done.delete(key);
          const result = dedup ? { ...r, id: sample.id, problemId: sample.problemId, deduplicated: true } : r;
          results[i] = result;
          runOptions.onResult?.(result);
        }
      });
      await Promise.all(lanes);
      return results;
    },
    async close() {
      await pool.close();
      if (ownWorkDir) rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** Highest level c such that every test of tiers 1..c was run and is AC. */
function coverage(problem: Problem, tests: readonly TestRecord[]): number {
  const byIndex = new Map(tests.map((t) => [t.index, t]));
  const k = tierCount(problem.tests);
  let c = 0;
  for (let tier = 1; tier <= k; tier++) {
    const all = problem.tests.every((t, i) => t.tier !== tier || byIndex.get(i)?.verdict === 'AC');
    if (!all) break;
    c = tier;
  }
  return c;
}
