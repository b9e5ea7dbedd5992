import { createWriteStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Option, type Command } from 'commander';
import { BACKEND_CHOICES, verdictCode, type BackendChoice } from '@frontier/core';
import {
  createJudge,
  JudgeInputError,
  loadBenchmark,
  loadSamples,
  validateSamples,
  type Limits,
  type SampleResult,
} from '@frontier/judge';
import { CliError } from '../errors';
import { parseBackendFlag } from '../parse';
import { progressBar } from '../progress';
import { judgeSummary } from './judge-summary';

interface JudgeFlags {
  benchmark: string;
  samples: string;
  out?: string;
  timeLimit?: string;
  memoryLimit?: string;
  allTests?: boolean;
  workers?: string;
  tiers?: string;
  python?: string;
  cacheDir?: string;
  lcbCompat?: boolean;
  backend: BackendChoice;
}

function positive(value: string | undefined, flag: string, integer = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(n > 0) || (integer && !Number.isInteger(n)))
    throw new CliError(`${flag} must be a positive ${integer ? 'integer' : 'number'}, got ${JSON.stringify(value)}`);
  return n;
}

/** One output line: the sample's verdict and class, coverage, and compact per-test records. */
function outputLine(r: SampleResult): string {
  return JSON.stringify({
    id: r.id,
    problem_id: r.problemId,
    language: r.language,
    verdict: r.verdict,
    failure_class: r.failureClass,
    coverage_passed: r.coveragePassed,
    tiers: r.tiers,
    reruns: r.reruns,
    tests: r.tests.map((t) => ({
      index: t.index,
      tier: t.tier,
      verdict: t.verdict,
      code: verdictCode(t.verdict),
      cpu_ms: t.cpuMs,
      peak_kib: t.peakKib,
      reruns: t.reruns,
    })),
    ...(r.compileError !== undefined ? { compile_error: r.compileError } : {}),
    ...(r.internalError !== undefined ? { internal_error: r.internalError } : {}),
    ...(r.deduplicated ? { deduplicated: true } : {}),
    sandbox: r.sandbox,
    judge_version: r.judgeVersion,
    limits: { cpu_ms: r.limits.cpuMs, memory_kib: r.limits.memoryKib },
    machine: r.machine,
  });
}

export function registerJudge(program: Command): void {
  program
    .command('judge')
    .description("Judge samples against a benchmark's hidden tests in a sandbox, tier by tier")
    .requiredOption('--benchmark <file>', 'benchmark: our JSON format or LiveCodeBench problems (JSON/JSONL)')
    .requiredOption('--samples <file>', 'JSONL, one {id, problem_id, language: python|cpp, code} per line')
    .option('--out <file>', 'write one JSON line per sample here (default: stdout)')
    .option('--time-limit <s>', "CPU time limit in seconds, overriding the benchmark's")
    .option('--memory-limit <mib>', "memory limit in MiB, overriding the benchmark's")
    .option('--all-tests', 'run every test instead of stopping at the first failure')
    .addOption(
      new Option('--workers <n>', 'tests run in parallel').default(
        String(availableParallelism()),
        'the CPUs this process may use',
      ),
    )
    .option('--tiers <k>', 'tiers to derive for benchmarks without tiers', '4')
    .option('--python <path>', 'Python interpreter (absolute path)', '/usr/bin/python3')
    .option('--cache-dir <dir>', 'where compiled binaries are cached')
    .option(
      '--lcb-compat',
      "run Python on LiveCodeBench problems as LiveCodeBench's evaluator does, quirks included (see the judge README)",
    )
    .option(
      '--backend <name>',
      `sandbox backend: ${BACKEND_CHOICES.join('|')}; auto picks the strongest that works here (see the judge README)`,
      parseBackendFlag,
      'auto',
    )
    .action(async (flags: JudgeFlags) => {
      const limits: Partial<Limits> = {};
      const timeS = positive(flags.timeLimit, '--time-limit');
      const memoryMib = positive(flags.memoryLimit, '--memory-limit');
      if (timeS !== undefined) limits.timeS = timeS;
      if (memoryMib !== undefined) limits.memoryMib = memoryMib;
      const workers = positive(flags.workers, '--workers', true)!;
      const tierCount = positive(flags.tiers, '--tiers', true)!;
      if (!flags.python?.startsWith('/')) throw new CliError('--python must be an absolute path');
      try {
        const benchmark = await loadBenchmark(flags.benchmark, { tierCount });
        const samples = await loadSamples(flags.samples);
        validateSamples(benchmark, samples);
        const out = flags.out ? createWriteStream(flags.out) : process.stdout;
        const started = performance.now();
        const judge = createJudge({
          workers,
          limits,
          python: flags.python,
          cacheDir: flags.cacheDir,
          lcbCompat: flags.lcbCompat ?? false,
          backend: flags.backend,
        });
        const bar = progressBar('judging');
        bar.start(samples.length);
        let results: SampleResult[];
        let wallMs: number;
        try {
          results = await judge.judgeSamples(benchmark, samples, {
            allTests: flags.allTests ?? false,
            onResult: (r) => {
              out.write(`${outputLine(r)}\n`);
              bar.increment();
            },
          });
          wallMs = performance.now() - started;
        } finally {
          bar.stop();
          await judge.close();
        }
        if (flags.out)
          await new Promise<void>((res, rej) =>
            (out as ReturnType<typeof createWriteStream>).end((err?: Error | null) => (err ? rej(err) : res())),
          );
        process.stderr.write(`${judgeSummary(results, wallMs, judge.backend)}\n`);
      } catch (err) {
        if (err instanceof JudgeInputError) throw new CliError(err.message);
        throw err;
      }
    });
}
