import type { ApiErrorBody } from './api-types';
import { ApiError } from './api-fetch';

/** POST a JSON body to an API path; non-2xx responses become ApiError with the server's message. */
export async function apiPost<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
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
