import { useSyncExternalStore } from 'react';

// The current time, ticking once a second, for durations of running jobs. Null on the server and
// during hydration, so the markup never differs between them.

const listeners = new Set<() => void>();
let now = typeof window === 'undefined' ? 0 : Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
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
