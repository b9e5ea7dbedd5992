import type { ApiErrorBody } from './api-error';
import { readMaybeGzippedJson } from './gzip-json';

/** An API error as the browser sees it: the server's message and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * GET a JSON API path; non-2xx responses become ApiError with the server's message. `accept` may
 * ask for the gzipped body of a large read (lib/api/gzip-json.ts), which is decoded here.
 */
export async function apiGet<T>(path: string, signal?: AbortSignal, accept = 'application/json'): Promise<T> {
  const res = await fetch(path, { signal, headers: { accept } });
  const body: unknown = await readMaybeGzippedJson(res).catch(() => undefined);
  if (!res.ok) {
    const message = (body as ApiErrorBody | undefined)?.error?.message ?? `request failed with status ${res.status}`;
    throw new ApiError(res.status, message);
  }
  return body as T;
}
