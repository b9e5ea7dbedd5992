import type { ChangeFeed } from './change-feed';

// Reads remembered until one of the tables they come from changes (a ChangeFeed's NOTIFY). A read
// is remembered from the moment it starts, so that concurrent requests share it, and everything is
// forgotten on a change: a read that started before the change is never handed out after it.

export interface ChangeCache<T> {
  get(key: string, read: () => Promise<T>): Promise<T>;
}

export function cacheUntilChange<T>(
  feed: ChangeFeed,
  tables: readonly string[],
  { maxEntries = 1_000 } = {},
): ChangeCache<T> {
  const entries = new Map<string, Promise<T>>();
  feed.subscribe(tables, () => entries.clear());
  return {
    get(key, read) {
      if (!feed.listening()) return read();
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= maxEntries) entries.clear();
        entry = read();
        entries.set(key, entry);
        entry.catch(() => {
          if (entries.get(key) === entry) entries.delete(key);
        });
      }
      return entry;
    },
  };
}
