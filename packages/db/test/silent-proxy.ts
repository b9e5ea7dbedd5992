import { connect, createServer, type Socket } from 'node:net';

export interface SilentProxy {
  /** The database URL through the proxy. */
  url: string;
  /** Connections open now go silent in both directions, as when a NAT forgets them: no reset, no answer. */
  silence(): void;
  close(): Promise<void>;
}

// A TCP forwarder in front of Postgres that can make its open connections go silent. New
// connections still pass, like a fresh mapping through the same firewall.
export async function silentProxy(databaseUrl: string): Promise<SilentProxy> {
  const target = new URL(databaseUrl);
  const pairs: { client: Socket; server: Socket; silent: boolean }[] = [];
  const proxy = createServer((client) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server, silent: false };
    pairs.push(pair);
    client.on('data', (chunk) => void (pair.silent || server.write(chunk)));
    server.on('data', (chunk) => void (pair.silent || client.write(chunk)));
    const end = () => {
      client.destroy();
      server.destroy();
    };
    client.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((proxy.address() as { port: number }).port);
  return {
    url: url.toString(),
    silence: () => pairs.forEach((p) => (p.silent = true)),
    close: async () => {
      for (const p of pairs) {
        p.client.destroy();
        p.server.destroy();
      }
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
