import { createServer } from 'node:net';

/** A loopback port nothing listens on now: a database that is down, or one a test starts there later. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
