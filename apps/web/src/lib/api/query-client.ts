import { isServer, QueryClient } from '@tanstack/react-query';

/**
 * Whether the browser asks once more after a failed query: not after a 4xx (a missing study or
 * problem, a bad parameter), which is the answer and would only come back a second later (the
 * retry delay); once after anything else (the database restarting, the network).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return failureCount < 1 && !(typeof status === 'number' && status >= 400 && status < 500);
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data prefetched on the server is fresh on arrival: do not refetch it right after hydration.
        staleTime: 60_000,
        // The server never retries: a page reads the database directly and renders its error (or
        // its not-found) at once, instead of a second later.
        retry: isServer ? false : shouldRetryQuery,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** A new client per server request (no data shared between users); one client per browser tab. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
