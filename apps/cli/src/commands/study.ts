import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { plural, SANDBOX_BACKENDS, type SandboxBackend } from '@frontier/core';
import {
  createStudy,
  findStudy,
  importBenchmark,
  queueEvaluation,
  studyConfigSchema,
  type StudyConfig,
} from '@frontier/db';
import { JudgeInputError, loadBenchmark } from '@frontier/judge';
import { storedChecker } from '@frontier/pipeline';
import { withDatabase } from '../database';
import { env } from '../env';
import { asCliError, CliError } from '../errors';
import { parseAlphasFlag, parseInteger, parseJudgeBackendFlag, parseNumber } from '../parse';
import { flagOf, servingFromFlags, type ServingFlags } from './serving-flags';

interface CreateFlags extends ServingFlags {
  benchmark: string;
  lo: string;
  hi: string;
  base?: string;
  apiKey?: string;
  apiKeyEnv?: string;
  samplesPerRequest: number;
  tokenIds?: boolean;
  lcbCompat?: boolean;
  judgeBackend?: SandboxBackend;
  temperature: number;
  maxTokens: number;
  concurrency: number;
  maxRetries: number;
  samples: number;
  setting: string;
  scale: string;
  seed: number;
  checkpointsDir?: string;
  alphas?: string;
}

// frontier study create: a study that the pipeline can evaluate. It stores the benchmark with its
// hidden tests, the two trained endpoints, and how each checkpoint is served for sampling.
export function registerStudy(program: Command): void {
  const study = program.command('study').description('create studies that the evaluation pipeline can run');
  study
    .command('create')
    .description(
      'create a study: the benchmark with its hidden tests, the two trained endpoints, and how each checkpoint is served for sampling',
    )
    .argument('<name>', 'study name')
    .requiredOption('--benchmark <file>', 'benchmark with hidden tests (our JSON format or LiveCodeBench problems)')
    .requiredOption('--lo <dir>', 'low-coverage endpoint checkpoint (Hugging Face layout)')
    .requiredOption('--hi <dir>', 'high-coverage endpoint checkpoint')
    .option('--base <dir>', 'shared initialisation, for the task-vector form of merging')
    .option(
      '--serve <command>',
      "launch mode: the command that serves one checkpoint, with {checkpoint}, {model} and {port}, e.g. 'vllm serve {checkpoint} --served-model-name {model} --port {port}'",
    )
    .option(
      '--startup-timeout <seconds>',
      'launch mode: how long a launched server may take to list the model',
      (v) => parseInteger('--startup-timeout', v),
      900,
    )
    .option(
      '--reload <engine>',
      'reload mode: a running sglang or vllm server (at --base-url) loads each checkpoint in turn',
    )
    .option('--base-url <url>', 'the OpenAI-compatible server for reload or named mode, e.g. http://gpu1:8000/v1')
    .option(
      '--model <name>',
      "served model name; {alpha} is replaced by each checkpoint's alpha (named mode; launch mode default: checkpoint-alpha-{alpha})",
    )
    .option(
      '--api-key-env <name>',
      "the environment variable holding the server's API key, read by the worker that samples (never stored)",
    )
    .option('--api-key <key>', 'refused: keys are not stored; use --api-key-env')
    .option(
      '--samples-per-request <n>',
      'samples asked for in one request (n)',
      (v) => parseInteger('--samples-per-request', v),
      1,
    )
    .option('--temperature <t>', 'sampling temperature', (v) => parseNumber('--temperature', v), 0.8)
    .option('--max-tokens <n>', 'max tokens per reply', (v) => parseInteger('--max-tokens', v), 2048)
    .option('--concurrency <n>', 'requests in flight', (v) => parseInteger('--concurrency', v), 8)
    .option(
      '--max-retries <n>',
      'retries of a failed request (429, 5xx, timeouts), with backoff',
      (v) => parseInteger('--max-retries', v, 0),
      5,
    )
    .option('--samples <n>', 'samples per problem', (v) => parseInteger('--samples', v), 16)
    .option('--setting <s>', 'inference setting', 'reasoning')
    .option('--scale <m>', 'model scale, e.g. 7B', '')
    .option('--seed <n>', 'sampling seed', (v) => parseInteger('--seed', v, 0), 1)
    .option(
      '--token-ids',
      "ask the server for each choice's token ids (return_token_ids: vLLM 0.10.2 or later, SGLang), so that requests of several samples still record each sample's exact token count",
    )
    .option('--lcb-compat', "judge as LiveCodeBench's evaluator does, quirks included (see packages/judge/README.md)")
    .option(
      '--judge-backend <name>',
      `judge the samples only with this sandbox backend (${SANDBOX_BACKENDS.join('|')}): workers whose judge has another leave them to others (default: any)`,
      parseJudgeBackendFlag,
    )
    .option('--checkpoints-dir <dir>', 'where merged checkpoints are written (default: data dir/checkpoints/<study>)')
    .option('--alphas <list>', 'queue these alphas right away, e.g. -0.5,0,0.5,1,1.5')
    .action(async (name: string, f: CreateFlags) => {
      if (f.apiKey !== undefined)
        throw new CliError(
          '--api-key: API keys are not stored in the database; export the key where the worker runs and name the variable with --api-key-env NAME',
        );
      const serving = servingFromFlags(f);
      for (const [flag, dir] of [
        ['--lo', f.lo],
        ['--hi', f.hi],
        ['--base', f.base],
      ] as const) {
        if (dir && !existsSync(dir)) throw new CliError(`${flag}: checkpoint directory ${dir} does not exist`);
      }
      const alphas = f.alphas === undefined ? [] : parseAlphasFlag(f.alphas);
      let benchmark;
      try {
        benchmark = await loadBenchmark(f.benchmark);
      } catch (err) {
        if (err instanceof JudgeInputError) throw new CliError(err.message);
        throw err;
      }
      const benchmarkName = benchmark.name ?? basename(f.benchmark);
      const parsed = studyConfigSchema.safeParse({
        benchmark: benchmarkName,
        setting: f.setting,
        scale: f.scale,
        language: 'python',
        samplesPerProblem: f.samples,
        seed: f.seed,
        backend: {
          kind: 'openai',
          serving,
          apiKeyEnv: f.apiKeyEnv,
          temperature: f.temperature,
          maxTokens: f.maxTokens,
          concurrency: f.concurrency,
          samplesPerRequest: f.samplesPerRequest,
          returnTokenIds: f.tokenIds ?? false,
          maxRetries: f.maxRetries,
        },
        endpoints: { lo: resolve(f.lo), hi: resolve(f.hi), ...(f.base ? { base: resolve(f.base) } : {}) },
        judge: { lcbCompat: f.lcbCompat ?? false, backend: f.judgeBackend },
        checkpointsDir: resolve(
          f.checkpointsDir ?? join(env().FRONTIER_DATA_DIR, 'checkpoints', name.replace(/[^\w.-]+/g, '_')),
        ),
      });
      if (!parsed.success)
        throw new CliError(parsed.error.issues.map((i) => `${flagOf(i.path)}: ${i.message}`).join('; '));
      const config: StudyConfig = parsed.data;
      await withDatabase(async ({ db }) => {
        if (await findStudy(db, name)) throw new CliError(`a study named ${JSON.stringify(name)} exists already`);
        await importBenchmark(db, {
          name: benchmarkName,
          tiering: [...benchmark.problems.values()].some((p) => p.tierDerivation)
            ? 'derived from input bytes'
            : 'given',
          problems: [...benchmark.problems.values()].map((p) => ({
            externalId: p.id,
            title: p.title,
            difficulty: p.difficulty,
            timeLimitMs: p.limits.timeS ? Math.round(p.limits.timeS * 1000) : undefined,
            memoryLimitMb: p.limits.memoryMib,
            contestDate: p.releaseDate,
            checker: storedChecker(p),
            tests: p.tests.map((t) => ({ tier: t.tier, input: t.input, expected: t.output })),
          })),
        });
        const endpoints = [
          { role: 'LOW', alpha: 0, uri: config.endpoints.lo },
          { role: 'HIGH', alpha: 1, uri: config.endpoints.hi },
        ] as const;
        const studyId = await createStudy(db, { name, origin: 'pipeline', config, endpoints: [...endpoints] }).catch(
          asCliError,
        );
        process.stdout.write(
          `created study "${name}" (id ${studyId}) on ${plural(benchmark.problems.size, 'problem')}\n`,
        );
        if (alphas.length) {
          const chains = await queueEvaluation(db, studyId, alphas, { queuedVia: 'cli' }).catch(asCliError);
          process.stdout.write(
            `queued ${plural(chains.length, 'alpha')}; a worker runs them (\`frontier jobs\` shows progress)\n`,
          );
        }
      });
    });
}
