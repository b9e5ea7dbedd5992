import { describe, expect, it } from 'vitest';
import { ApiError } from './api-fetch';
import { getQueryClient, shouldRetryQuery } from './query-client';

describe('query retries', () => {
  it('does not ask again after a 4xx: a missing resource or a bad parameter is the answer', () => {
    for (const status of [400, 404, 409, 429]) expect(shouldRetryQuery(0, new ApiError(status, 'no'))).toBe(false);
  });

  it('asks once more after a server or network failure', () => {
    for (const error of [
      new ApiError(500, 'boom'),
      new ApiError(503, 'restarting'),
      new TypeError('fetch failed'),
      null,
    ]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(1, error)).toBe(false);
    }
  });

  it('never retries while rendering on the server, so a missing problem is a 404 at once', () => {
    expect(getQueryClient().getDefaultOptions().queries?.retry).toBe(false);
  });
});
