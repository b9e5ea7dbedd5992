import type { Db } from '../client';
import { listenForChanges } from '../notify/change-feed';
import { hashToken, identifyToken, type TokenIdentity } from './tokens';

// Who a token belongs to, remembered for a short while per web process: under load, the lookup's
// round trip to Postgres was most of what authentication cost (bench:auth). Nothing goes stale:
// a trigger NOTIFYs on any change to tokens or users (migration 20261211090000_access_notify)
// and the cache empties at once; while the LISTEN connection is down, nothing is cached.

const CHANNEL = 'frontier_access_changed';

export interface TokenIdentifier {
  identify(token: string): Promise<TokenIdentity | undefined>;
  /** Whether it is listening for changes, and so caching. */
  listening(): boolean;
  close(): Promise<void>;
}

export function cachedTokenIdentifier(db: Db, { ttlMs = 60_000, maxEntries = 10_000 } = {}): TokenIdentifier {
  const cache = new Map<string, { identity: TokenIdentity; expires: number }>();
  const feed = listenForChanges(db, CHANNEL);
  let generation = 0; // bumped by every invalidation: a lookup that raced one is not kept
  feed.subscribe(['api_token', 'app_user'], () => {
    generation++;
    cache.clear();
  });

  return {
    async identify(token) {
      const key = hashToken(token);
      const hit = feed.listening() && cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.identity;
      const seen = generation;
      const found = await identifyToken(db, token);
      if (found && feed.listening() && seen === generation) {
        if (cache.size >= maxEntries) cache.clear();
        cache.set(key, { identity: found, expires: Date.now() + ttlMs });
      }
      return found;
    },
    listening: feed.listening,
    close: feed.close,
  };
}
