import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False in the server's markup and during hydration, true once React handles events. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
