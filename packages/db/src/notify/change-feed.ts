import type pg from 'pg';
import type { Db } from '../client';

// What a process may remember of the database only while it hears about every change to it: one
// connection LISTENs on a channel that triggers NOTIFY with the changed table's name (migrations
// *_notify; each channel is named after the trigger function that notifies on it). While that
// connection is down, or the database has no such function yet (not migrated), `listening` is
// false and callers keep nothing; when it comes back, everything counts as changed.

const RECONNECT_MS = 5_000;

export interface ChangeFeed {
  /** Whether it hears changes now; remember nothing while it does not. */
  listening(): boolean;
  /** Calls onChange whenever one of `tables` changes, and whenever changes may have gone unheard. */
  subscribe(tables: readonly string[], onChange: () => void): void;
  close(): Promise<void>;
}

export function listenForChanges(db: Db, channel: string): ChangeFeed {
  const subscribers: { tables: ReadonlySet<string>; onChange: () => void }[] = [];
  let listener: pg.PoolClient | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const changed = (table?: string) => {
    for (const s of subscribers) if (table === undefined || s.tables.has(table)) s.onChange();
  };
  const again = () => {
    if (!closed) retry = setTimeout(() => void listen(), RECONNECT_MS);
  };
  const listen = async () => {
    try {
      const client = await db.pool.connect();
      client.on('notification', (n) => changed(n.payload));
      client.on('error', () => {
        listener = undefined;
        changed();
        client.release(true);
        again();
      });
      await client.query(`LISTEN ${channel}`);
      const { rowCount } = await client.query('SELECT 1 FROM pg_proc WHERE proname = $1', [channel]);
      if (!rowCount) {
        // Nothing would ever notify: an older database. Try again later (migrations may run).
        client.release(true);
        again();
        return;
      }
      changed(); // whatever changed while nobody listened
      listener = client;
    } catch {
      again();
    }
  };
  void listen();

  return {
    listening: () => listener !== undefined,
    subscribe(tables, onChange) {
      subscribers.push({ tables: new Set(tables), onChange });
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      listener?.release(true);
      listener = undefined;
    },
  };
}
