import type pg from 'pg';
import type { Db } from '../client';

// What a process may remember of the database only while it hears about every change to it: one
// connection LISTENs on a channel that triggers NOTIFY with the changed table's name (migrations
// *_notify; each channel is named after the trigger function that notifies on it). While that
// connection is down, or the database has no such function yet (not migrated), `listening` is
// false and callers keep nothing; when it comes back, everything counts as changed.

// A connection can also die without a word: a firewall or NAT that drops an idle connection sends
// no reset, and a LISTEN connection is idle by nature. So the listener asks `SELECT 1` every
// heartbeat and counts as lost when no answer comes in time; the queries also keep it from idling.
// Changes made between such a loss and its detection (at most a heartbeat and its timeout, 15 s)
// may be served from memory until it is detected; then everything counts as changed.
export interface FeedTiming {
  /** Wait before connecting again after a loss or a failed connect. */
  reconnectMs: number;
  heartbeatMs: number;
  /** How long an answer to the heartbeat may take before the connection counts as lost. */
  heartbeatTimeoutMs: number;
}

const TIMING: FeedTiming = { reconnectMs: 5_000, heartbeatMs: 10_000, heartbeatTimeoutMs: 5_000 };

export interface ChangeFeed {
  /** Whether it hears changes now; remember nothing while it does not. */
  listening(): boolean;
  /** Calls onChange whenever one of `tables` changes, and whenever changes may have gone unheard. */
  subscribe(tables: readonly string[], onChange: () => void): void;
  close(): Promise<void>;
}

export function listenForChanges(db: Db, channel: string, timing: Partial<FeedTiming> = {}): ChangeFeed {
  const { reconnectMs, heartbeatMs, heartbeatTimeoutMs } = { ...TIMING, ...timing };
  const subscribers: { tables: ReadonlySet<string>; onChange: () => void }[] = [];
  let listener: pg.PoolClient | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const changed = (table?: string) => {
    for (const s of subscribers) if (table === undefined || s.tables.has(table)) s.onChange();
  };
  const again = () => {
    if (!closed) retry = setTimeout(() => void listen(), reconnectMs);
  };
  // The listener is gone (an error, or no heartbeat answer): forget everything and reconnect.
  const lost = (client: pg.PoolClient) => {
    if (listener !== client) return;
    listener = undefined;
    clearInterval(heartbeat);
    changed();
    client.release(true);
    again();
  };
  const beat = (client: pg.PoolClient) => {
    const late = setTimeout(() => lost(client), heartbeatTimeoutMs);
    client.query('SELECT 1').then(
      () => clearTimeout(late),
      () => {
        clearTimeout(late);
        lost(client);
      },
    );
  };
  const listen = async () => {
    let client: pg.PoolClient | undefined;
    try {
      client = await db.pool.connect();
      const self = client;
      client.on('notification', (n) => changed(n.payload));
      client.on('error', () => lost(self));
      await client.query(`LISTEN ${channel}`);
      const { rowCount } = await client.query('SELECT 1 FROM pg_proc WHERE proname = $1', [channel]);
      if (!rowCount || closed) {
        // Nothing would ever notify (an older database): try again later, migrations may run.
        client.release(true);
        again();
        return;
      }
      changed(); // whatever changed while nobody listened
      listener = client;
      heartbeat = setInterval(() => beat(self), heartbeatMs);
      heartbeat.unref();
    } catch {
      client?.release(true); // broke while setting up: not the listener yet
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
      clearInterval(heartbeat);
      listener?.release(true);
      listener = undefined;
    },
  };
}
