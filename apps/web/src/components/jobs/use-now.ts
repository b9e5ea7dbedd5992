import { useSyncExternalStore } from 'react';

// The current time, ticking once a second, for durations of running jobs. Null on the server and
// during hydration, so the markup never differs between them.

const listeners = new Set<() => void>();
let now = typeof window === 'undefined' ? 0 : Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  // React reads the snapshot again right after subscribing: after a pause (no clock on the page),
  // the time now rather than when the last clock stopped.
  if (listeners.size === 0) now = Date.now();
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, 1_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => null,
  );
}
