import 'server-only';

/**
 * One T per server process, made on first use and kept on globalThis under `key` (dev-mode HMR
 * re-evaluates modules: a module-level variable would make a new one per edit). A failed make is
 * forgotten, so that the next call tries again.
 */
export function processOnce<T>(key: string, make: () => Promise<T>): () => Promise<T> {
  const store = globalThis as unknown as Record<string, Promise<T> | undefined>;
  return () =>
    (store[key] ??= make().catch((err: unknown) => {
      store[key] = undefined;
      throw err;
    }));
}
