import type pg from 'pg';
import type { Db } from '../client';

// What a process may remember of the database only while it hears about every change to it: one
// connection LISTENs on a channel that triggers NOTIFY (migrations *_notify; each channel is
// named after the trigger function that notifies on it). While that connection is down, or the
// database has no such function yet (not migrated), `listening` is false and callers keep
// nothing; when it comes back, whatever changed meanwhile counts as a change.

const RECONNECT_MS = 5_000;

export interface ChangeFeed {
  /** Whether it hears changes now; remember nothing while it does not. */
  listening(): boolean;
  /** Bumped by every change: a read that started before a change must not be remembered. */
  generation(): number;
  close(): Promise<void>;
}

/** Listens on `channel`, calling onChange (and bumping the generation) for every notification. */
export function listenForChanges(db: Db, channel: string, onChange: () => void): ChangeFeed {
  let listener: pg.PoolClient | undefined;
  let generation = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const changed = () => {
    generation++;
    onChange();
  };
  const listen = async () => {
    try {
      const client = await db.pool.connect();
      client.on('notification', changed);
      client.on('error', () => {
        listener = undefined;
        changed();
        client.release(true);
        if (!closed) retry = setTimeout(() => void listen(), RECONNECT_MS);
      });
      await client.query(`LISTEN ${channel}`);
      const { rowCount } = await client.query('SELECT 1 FROM pg_proc WHERE proname = $1', [channel]);
      if (!rowCount) {
        // Nothing would ever notify: an older database. Try again later (migrations may run).
        client.release(true);
        if (!closed) retry = setTimeout(() => void listen(), RECONNECT_MS);
        return;
      }
      changed(); // whatever changed while nobody listened
      listener = client;
    } catch {
      if (!closed) retry = setTimeout(() => void listen(), RECONNECT_MS);
    }
  };
  void listen();

  return {
    listening: () => listener !== undefined,
    generation: () => generation,
    async close() {
      closed = true;
      clearTimeout(retry);
      listener?.release(true);
      listener = undefined;
    },
  };
}
