import { HttpTransport } from '../openai/http-post';
import { ServingError } from './errors';

export interface HttpAnswer {
  status: number;
  text: string;
}

export interface RequestOptions {
  apiKey?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** `http://gpu1:8000/v1` -> `http://gpu1:8000`: SGLang's and vLLM's admin endpoints live at the engine's root. */
export function engineRoot(baseUrl: string): string {
  return trimSlashes(baseUrl).replace(/\/v1$/, '');
}

export function trimSlashes(s: string): string {
  return s.replace(/\/+$/, '');
}

/** A reply body cut short for an error message. */
export function snippet(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty body)';
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

// !: node:http rather than fetch: a reload sends no headers until the weights are loaded, which
// can take longer than the 300 s fetch (undici) waits for them, whatever our timeout says; and
// fetch refuses some ports a lab's server may use (6000, 6665-6669, ...) as "bad ports".
/** GET with a timeout; a network failure or timeout becomes a ServingError that names the URL. */
export async function httpGet(url: string, opts: RequestOptions): Promise<HttpAnswer> {
  const deadline = withDeadline(opts);
  const transport = new HttpTransport();
  try {
    const reply = await transport.get(url, authorization(opts.apiKey), deadline.signal);
    return { status: reply.status, text: reply.text };
  } catch (err) {
    throw noAnswer('GET', url, err, opts, deadline.timedOut());
  } finally {
    transport.close();
  }
}

/** POST of a JSON body, with a timeout; failures as for `httpGet`. */
export async function httpPostJson(url: string, body: unknown, opts: RequestOptions): Promise<HttpAnswer> {
  const deadline = withDeadline(opts);
  const transport = new HttpTransport();
  try {
    const reply = await transport.post(
      url,
      { 'content-type': 'application/json', ...authorization(opts.apiKey) },
      JSON.stringify(body),
      deadline.signal,
    );
    return { status: reply.status, text: reply.text };
  } catch (err) {
    throw noAnswer('POST', url, err, opts, deadline.timedOut());
  } finally {
    transport.close();
  }
}

function authorization(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}

function withDeadline({ timeoutMs, signal }: RequestOptions): { signal: AbortSignal; timedOut: () => boolean } {
  const timeout = AbortSignal.timeout(timeoutMs);
  return { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, timedOut: () => timeout.aborted };
}

function noAnswer(method: string, url: string, err: unknown, opts: RequestOptions, timedOut: boolean): ServingError {
  if (opts.signal?.aborted) return new ServingError(`${method} ${url}: cancelled`, { cause: err });
  if (timedOut)
    return new ServingError(`${method} ${url}: no answer within ${seconds(opts.timeoutMs)}`, { cause: err });
  const detail = err instanceof Error ? err.message : String(err);
  return new ServingError(
    `${method} ${url}: could not reach the server (${detail}); check that it is running and that the URL is right`,
    { cause: err },
  );
}
