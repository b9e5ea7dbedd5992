import { isServer, QueryClient } from '@tanstack/react-query';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data prefetched on the server is fresh on arrival: do not refetch it right after hydration.
        staleTime: 60_000,
        retry: 1,
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
