import { plural } from '@frontier/core';
import { z } from 'zod';
import type { Semaphore } from '../semaphore';
import { GenerationBackendError } from './errors';
import type { HttpReply, HttpTransport } from './http-post';
import type { OpenAIBackendOptions } from './options';
import { backoffDelay, parseRetryAfter, sleep } from './retry';

const choiceSchema = z
  .object({
    index: z.number().int().nonnegative().optional(),
    message: z.object({
      content: z.string().nullable(),
      // A reasoning parser's thinking, apart from the answer: vLLM says `reasoning` (older
      // releases `reasoning_content`), SGLang `reasoning_content`. Part of the response's length.
      reasoning: z.string().nullish(),
      reasoning_content: z.string().nullish(),
    }),
    finish_reason: z.string().nullable().optional(),
    // The choice's own tokens, when asked for (vLLM and SGLang: `return_token_ids: true`).
    token_ids: z.array(z.number()).nullish(),
  })
  // A reasoning server (vLLM with a reasoning parser) answers content: null when the model ran
  // out of tokens while thinking: a real sample with no program, not a broken reply.
  .refine((c) => c.message.content !== null || c.finish_reason === 'length', {
    message: 'is null',
    path: ['message', 'content'],
  });

const chatCompletionSchema = z.object({
  choices: z.array(choiceSchema).min(1, 'has no choices'),
  // Per request: with n > 1 choices, completion_tokens is their sum.
  usage: z.object({ completion_tokens: z.number().int().nonnegative().nullish() }).nullish(),
});

export interface ChatChoice {
  content: string;
  /** The reasoning the server returned apart from the content, if any. */
  reasoning?: string;
  finishReason?: string;
  /**
   * This choice's completion tokens, only where exact: its own token_ids, or the request's usage
   * when the reply has this one choice. A usage summed over several choices is never split.
   */
  completionTokens?: number;
}

export interface ChatCompletionContext {
  options: OpenAIBackendOptions;
  semaphore: Semaphore;
  transport: HttpTransport;
  random?: () => number;
}

type Attempt =
  | { kind: 'ok'; choices: ChatChoice[] }
  | { kind: 'retry'; problem: string; status?: number; retryAfterMs?: number }
  | { kind: 'fatal'; problem: string; status: number };

/**
 * POSTs one chat-completions request, retrying 408, 429, 5xx, network errors, timeouts and
 * malformed replies with backoff. Returns the choices in `index` order.
 */
export async function requestChatCompletion(
  ctx: ChatCompletionContext,
  body: object,
  signal: AbortSignal,
): Promise<ChatChoice[]> {
  const { options } = ctx;
  const url = `${options.baseUrl}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const payload = JSON.stringify(body);
  const redact = (s: string): string => (options.apiKey ? s.split(options.apiKey).join('[api key]') : s);

  for (let attempt = 0; ; attempt++) {
    const result = await ctx.semaphore.run(
      () => attemptOnce(ctx.transport, url, headers, payload, options.timeoutMs, signal),
      signal,
    );
    if (result.kind === 'ok') return result.choices;
    const attempts = attempt + 1;
    if (result.kind === 'fatal') {
      throw new GenerationBackendError(redact(`POST ${url}: ${result.problem}`), {
        url,
        status: result.status,
        attempts,
        retried: false,
      });
    }
    if (attempt >= options.maxRetries) {
      const message = `POST ${url}: ${result.problem} (gave up after ${plural(attempts, 'attempt')})`;
      throw new GenerationBackendError(redact(message), { url, status: result.status, attempts, retried: true });
    }
    const backoff = backoffDelay(attempt, options.retryBaseDelayMs, options.retryMaxDelayMs, ctx.random);
    await sleep(Math.min(result.retryAfterMs ?? backoff, options.retryMaxDelayMs), signal);
  }
}

async function attemptOnce(
  transport: HttpTransport,
  url: string,
  headers: Record<string, string>,
  payload: string,
  timeoutMs: number,
  outer: AbortSignal,
): Promise<Attempt> {
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, timeoutMs);
  const onOuterAbort = (): void => ctrl.abort(outer.reason);
  outer.addEventListener('abort', onOuterAbort, { once: true });
  try {
    outer.throwIfAborted();
    // The timeout covers the body too: a server may send headers and then stall.
    return classify(await transport.post(url, headers, payload, ctrl.signal));
  } catch (err) {
    if (outer.aborted) throw outer.reason;
    if (timedOut) return { kind: 'retry', problem: `no complete reply within ${timeoutMs} ms (timeout)` };
    return { kind: 'retry', problem: `network error: ${describeNetworkError(err)}` };
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', onOuterAbort);
  }
}

function classify(res: HttpReply): Attempt {
  const { status, text } = res;
  if (status >= 200 && status < 300) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      return {
        kind: 'retry',
        status,
        problem: `HTTP ${status} with malformed JSON (${(err as Error).message}): ${snippet(text)}`,
      };
    }
    const parsed = chatCompletionSchema.safeParse(json);
    if (!parsed.success) {
      const what = parsed.error.issues.map((i) => `${['response', ...i.path].join('.')} ${i.message}`).join('; ');
      return { kind: 'retry', status, problem: `HTTP ${status} but not a chat completion: ${what}` };
    }
    const { choices: raw, usage } = parsed.data;
    const choices = raw
      .map((c, i) => {
        const reasoning = c.message.reasoning ?? c.message.reasoning_content ?? undefined;
        const tokens = c.token_ids?.length ?? (raw.length === 1 ? (usage?.completion_tokens ?? undefined) : undefined);
        const choice: ChatChoice = { content: c.message.content ?? '', finishReason: c.finish_reason ?? undefined };
        if (reasoning) choice.reasoning = reasoning;
        if (tokens !== undefined) choice.completionTokens = tokens;
        return { order: c.index ?? i, choice };
      })
      .sort((a, b) => a.order - b.order)
      .map(({ choice }) => choice);
    return { kind: 'ok', choices };
  }
  const said = serverMessage(text);
  const problem = `HTTP ${status} ${explain(status)}${said ? ` (server said: ${said})` : ''}`;
  if (status === 408 || status === 429 || status >= 500) {
    return { kind: 'retry', status, problem, retryAfterMs: parseRetryAfter(res.header('retry-after')) };
  }
  return { kind: 'fatal', status, problem };
}

function explain(status: number): string {
  if (status === 400) return 'bad request: check maxTokens, the prompt length and extraBody';
  if (status === 401) return 'unauthorized: check the API key';
  if (status === 403) return 'forbidden: check the API key and its permissions';
  if (status === 404) return 'model or endpoint not found: check baseUrl (it should end in /v1) and model';
  if (status === 429) return 'rate limited';
  if (status >= 500) return 'server error';
  return 'request failed';
}

/** The error text an OpenAI-style server put in its body, else the start of the body. */
function serverMessage(text: string): string {
  try {
    const json = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const msg = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.message ?? json.detail);
    if (typeof msg === 'string') return snippet(msg);
  } catch {
    // not JSON: fall through to the raw text
  }
  return snippet(text);
}

function snippet(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function describeNetworkError(err: unknown): string {
  const e = err as { message?: string; code?: string; errors?: Array<{ message?: string }> };
  // With several addresses to try (localhost: ::1 and 127.0.0.1) Node throws an AggregateError
  // whose own message is empty.
  return e?.message || e?.errors?.map((x) => x.message).join('; ') || e?.code || String(err);
}
