import type { ApiErrorBody } from './api-error';
import { ApiError } from './api-fetch';

/** POST a JSON body to an API path; non-2xx responses become ApiError with the server's message. */
export const apiPost = <T>(path: string, body?: unknown): Promise<T> => apiSend<T>('POST', path, body);

/** A write to an API path (POST, DELETE), with the same error handling as apiPost. */
export async function apiSend<T>(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const message = (json as ApiErrorBody | undefined)?.error?.message ?? `request failed with status ${res.status}`;
    throw new ApiError(res.status, message);
  }
  return json as T;
}
