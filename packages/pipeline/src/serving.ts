import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { withServerLock, type BackendConfig, type ServingConfig } from '@frontier/db';
import {
  createOpenAIBackend,
  launchServer,
  reloadCheckpoint,
  requireModel,
  ServingError,
  type GenerationBackend,
} from '@frontier/generate';
import type { TaskContext } from './context';
import type { StepHelpers } from './pipeline-task';

type OpenAIConfig = Extract<BackendConfig, { kind: 'openai' }>;

/** The checkpoint a generate job samples from. */
export interface ServedCheckpoint {
  dir: string;
  alpha: number;
  jobId: number;
}

/**
 * Runs `use` with a generation backend that samples from the checkpoint: the demo's toy policy in
 * process, or an OpenAI-compatible server reached the way the study says (launched for this
 * checkpoint, reloaded with its weights, or already serving it under a name). Whatever was
 * started or locked is released when `use` ends, however it ends.
 */
export async function withCheckpointBackend<T>(
  backend: BackendConfig,
  checkpoint: ServedCheckpoint,
  ctx: TaskContext,
  h: StepHelpers,
  seed: number,
  use: (b: GenerationBackend) => Promise<T>,
): Promise<T> {
  if (backend.kind === 'toy') {
    if (!ctx.toyPolicy)
      throw new Error(
        "the study samples from the demo lab's toy policy, which this process does not offer: run its jobs with the worker app or `frontier worker`",
      );
    const b = await ctx.toyPolicy({ checkpointDir: checkpoint.dir, seed });
    try {
      return await use(b);
    } finally {
      await b.close?.();
    }
  }
  const apiKey = readApiKey(backend, ctx);
  const serving = backend.serving;
  switch (serving.mode) {
    case 'named': {
      const model = modelFor(serving.model, checkpoint.alpha);
      await requireModel(serving.baseUrl, model, { apiKey, checkpointDir: checkpoint.dir, signal: h.signal });
      return sample(backend, serving.baseUrl, model, apiKey, use);
    }
    case 'launch':
      return withLaunchedServer(backend, serving, checkpoint, ctx, h, apiKey, use);
    case 'reload':
      return withServerLock(
        ctx.db,
        serving.baseUrl,
        async (ms) => {
          if (ms < 1_500) h.log(`waiting for ${serving.baseUrl}: another job's checkpoint is loaded there`);
          await h.progress(0, 0); // throws when the job is cancelled while it waits
        },
        async () => {
          const { model } = await reloadCheckpoint({
            engine: serving.engine,
            baseUrl: serving.baseUrl,
            checkpointDir: checkpoint.dir,
            apiKey,
          });
          h.log(`${serving.engine} at ${serving.baseUrl} loaded ${checkpoint.dir} (model "${model}")`);
          return sample(backend, serving.baseUrl, model, apiKey, use);
        },
      );
  }
}

async function withLaunchedServer<T>(
  backend: OpenAIConfig,
  serving: Extract<ServingConfig, { mode: 'launch' }>,
  checkpoint: ServedCheckpoint,
  ctx: TaskContext,
  h: StepHelpers,
  apiKey: string | undefined,
  use: (b: GenerationBackend) => Promise<T>,
): Promise<T> {
  if (!existsSync(checkpoint.dir)) {
    throw new Error(
      `the checkpoint directory ${checkpoint.dir} is not on this machine: the merge ran on another one; put the study's checkpoints directory on storage every generating machine sees, or run merge and generate on the same machine (frontier worker --tasks merge,generate)`,
    );
  }
  const model = modelFor(serving.model, checkpoint.alpha);
  const logFile = join(ctx.dataDir, 'logs', 'inference', `job-${checkpoint.jobId}.log`);
  const server = await launchServer({
    command: serving.command,
    checkpointDir: checkpoint.dir,
    model,
    startupTimeoutMs: serving.startupTimeoutMs,
    logFile,
    apiKey,
    signal: h.signal,
  });
  h.log(`inference server for ${checkpoint.dir} serves "${model}" at ${server.baseUrl} (log: ${logFile})`);
  let done = false;
  let crash: ServingError | undefined;
  return sample(backend, server.baseUrl, model, apiKey, async (b) => {
    // A server that dies mid-way fails the job at once with its log, instead of after every
    // request has used up its retries against a closed port.
    void server.exited.then(({ code, signal }) => {
      if (done) return;
      crash = new ServingError(
        `the inference server for ${checkpoint.dir} exited (${signal ? `signal ${signal}` : `code ${code}`}) during generation; last lines of its log (${logFile}):\n${server.logTail()}`,
      );
      void b.close?.();
    });
    try {
      return await use(b);
    } catch (err) {
      throw crash ?? err;
    } finally {
      done = true;
      await server.stop();
    }
  });
}

async function sample<T>(
  backend: OpenAIConfig,
  baseUrl: string,
  model: string,
  apiKey: string | undefined,
  use: (b: GenerationBackend) => Promise<T>,
): Promise<T> {
  const b = createOpenAIBackend({
    baseUrl,
    model,
    apiKey,
    temperature: backend.temperature,
    maxTokens: backend.maxTokens,
    concurrency: backend.concurrency,
    samplesPerRequest: backend.samplesPerRequest,
    ...(backend.returnTokenIds && { extraBody: { return_token_ids: true } }),
    timeoutMs: backend.timeoutMs,
    maxRetries: backend.maxRetries,
    ...(backend.promptTemplate ? { promptTemplate: backend.promptTemplate } : {}),
  });
  try {
    return await use(b);
  } finally {
    await b.close();
  }
}

/** One model name per checkpoint: `{alpha}` selects it (e.g. "coverage-alpha-{alpha}"). */
function modelFor(template: string, alpha: number): string {
  return template.replaceAll('{alpha}', String(alpha));
}

function readApiKey(backend: OpenAIConfig, ctx: TaskContext): string | undefined {
  if (!backend.apiKeyEnv) return undefined;
  const key = ctx.secret(backend.apiKeyEnv);
  if (key === undefined)
    throw new Error(
      `the study reads its inference API key from $${backend.apiKeyEnv}, which is not set in this worker's environment: set it where this worker runs`,
    );
  return key;
}
