import { responseChars } from '@frontier/core';
import type { GeneratedSample, GenerationBackend, GenerationRequest } from '../backend';
import { requestedIndexes } from '../backend';
import { Channel } from '../channel';
import { extractCode } from '../extract-code';
import { Semaphore } from '../semaphore';
import { requestChatCompletion, type ChatCompletionContext } from './chat-completion';
import { HttpTransport } from './http-post';
import { parseOpenAIBackendOptions, type OpenAIBackendOptions, type OpenAIBackendOptionsInput } from './options';
import { renderPrompt } from './prompt';

interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * Samples from an OpenAI-compatible chat-completions server (vLLM, SGLang, ...). One instance
 * shares its concurrency limit across every problem it serves, so run many `generate` calls at
 * once and let the backend pace the server.
 */
export class OpenAICompatibleBackend implements GenerationBackend {
  readonly name: string;
  readonly options: OpenAIBackendOptions;
  private readonly ctx: ChatCompletionContext;
  private readonly closing = new AbortController();

  /** Throws InvalidOptionsError naming the bad option. `random` is for tests (backoff jitter). */
  constructor(options: OpenAIBackendOptionsInput, hooks: { random?: () => number } = {}) {
    this.options = parseOpenAIBackendOptions(options);
    this.name = `openai:${this.options.model}`;
    this.ctx = {
      options: this.options,
      semaphore: new Semaphore(this.options.concurrency),
      transport: new HttpTransport(),
      random: hooks.random,
    };
  }

  async *generate(req: GenerationRequest): AsyncGenerator<GeneratedSample> {
    const indexes = requestedIndexes(req);
    if (indexes.length === 0) return;
    const stop = new AbortController();
    const signal = AbortSignal.any([stop.signal, this.closing.signal, ...(req.signal ? [req.signal] : [])]);
    const out = new Channel<GeneratedSample>();
    const messages = this.messages(req);
    const batches = consecutiveBatches(indexes, this.options.samplesPerRequest);
    Promise.all(batches.map((batch) => this.produce(req, messages, batch, signal, out))).then(
      () => out.end(),
      (err: unknown) => {
        stop.abort(err); // the first failure cancels the requests still in flight
        out.fail(err);
      },
    );
    try {
      yield* out;
    } finally {
      // Also reached when the consumer stops early: nobody wants the remaining replies.
      stop.abort(new Error('generation stopped'));
    }
  }

  /** Aborts every request in flight and drops kept-alive connections; later `generate` calls fail at once. */
  async close(): Promise<void> {
    this.closing.abort(new Error(`${this.name}: backend closed`));
    this.ctx.transport.close();
  }

  private async produce(
    req: GenerationRequest,
    messages: ChatMessage[],
    batch: number[],
    signal: AbortSignal,
    out: Channel<GeneratedSample>,
  ): Promise<void> {
    const choices = (await requestChatCompletion(this.ctx, this.body(req, messages, batch), signal)).slice(
      0,
      batch.length,
    );
    choices.forEach((c, i) => {
      const idx = batch[i] as number;
      const sample: GeneratedSample = {
        idx,
        code: extractCode(c.content, req.language),
        raw: c.content,
        finishReason: c.finishReason,
        responseChars: responseChars(c.reasoning ?? '') + responseChars(c.content),
      };
      if (c.completionTokens !== undefined) sample.completionTokens = c.completionTokens;
      out.push(sample);
    });
    // Some servers ignore `n` and answer with fewer choices: ask for the rest one at a time.
    const rest = batch.slice(choices.length);
    await Promise.all(rest.map((idx) => this.produce(req, messages, [idx], signal, out)));
  }

  private messages(req: GenerationRequest): ChatMessage[] {
    const user: ChatMessage = { role: 'user', content: renderPrompt(this.options.promptTemplate, req) };
    return this.options.systemPrompt ? [{ role: 'system', content: this.options.systemPrompt }, user] : [user];
  }

  private body(req: GenerationRequest, messages: ChatMessage[], batch: number[]): Record<string, unknown> {
    const o = this.options;
    return {
      ...o.extraBody,
      model: o.model,
      messages,
      temperature: o.temperature,
      max_tokens: o.maxTokens,
      ...(o.topP !== undefined && { top_p: o.topP }),
      // `n` only when needed: some OpenAI-compatible servers reject it outright.
      ...(batch.length > 1 && { n: batch.length }),
      // Distinct per batch, so retried or resumed samples stay reproducible and differ from each other.
      ...(req.seed !== undefined && { seed: req.seed + (batch[0] as number) }),
    };
  }
}

/**
 * Batches of at most `size` consecutive indexes (`[0, 1, 2, 5, 6]` by 4 gives `[0, 1, 2]`, `[5, 6]`).
 * A request's seed is `seed + batch[0]`, and seeded engines draw choice k from that seed plus
 * k, so choice k is sample `batch[0] + k` only if the batch has no gaps.
 */
function consecutiveBatches(indexes: readonly number[], size: number): number[][] {
  const batches: number[][] = [];
  for (const idx of [...indexes].sort((a, b) => a - b)) {
    const last = batches.at(-1);
    if (last && last.length < size && last.at(-1) === idx - 1) last.push(idx);
    else batches.push([idx]);
  }
  return batches;
}

export function createOpenAIBackend(options: OpenAIBackendOptionsInput): OpenAICompatibleBackend {
  return new OpenAICompatibleBackend(options);
}
