import type { StudyConfig } from '@frontier/db';
import type { GenerationBackend } from '@frontier/generate';

// The generation backend a study's settings name, for the checkpoint being evaluated.
export async function createBackend(cfg: StudyConfig, target: { checkpointDir: string; alpha: number }): Promise<GenerationBackend> {
  const b = cfg.backend;
  if (b.kind === 'toy') {
    const { createToyPolicyBackend } = await import('@frontier/minilab');
    return createToyPolicyBackend({ checkpointDir: target.checkpointDir, seed: cfg.seed });
  }
  const { createOpenAIBackend } = await import('@frontier/generate');
  // One server per merged checkpoint: `{alpha}` in the model name selects it (e.g. vLLM serving
  // several checkpoints under names like "coverage-alpha-{alpha}").
  return createOpenAIBackend({
    baseUrl: b.baseUrl,
    model: b.model.replaceAll('{alpha}', String(target.alpha)),
    apiKey: b.apiKey,
    temperature: b.temperature,
    maxTokens: b.maxTokens,
    concurrency: b.concurrency,
    timeoutMs: b.timeoutMs,
    maxRetries: b.maxRetries,
    ...(b.promptTemplate ? { promptTemplate: b.promptTemplate } : {}),
  });
}
