import { Agent, request } from 'node:http';

export interface LatencyStats {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  max: number;
  /** Every request's latency in ms, for figures over several endpoints. */
  ms: number[];
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

// One GET over a kept-alive connection, the body read to its end; the status, or 0 if the request failed.
function get(url: string, agent: Agent, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

// `clients` concurrent loops, each issuing `perClient` requests in turn over the URLs, with `headers`
// on every request (e.g. an API token), over as many kept-alive connections as there are clients.
// The client is node:http rather than fetch because the load generator shares the machine with the
// server: under 20 clients fetch (undici's WHATWG streams) took 55-62% of a core, node:http 24-35%,
// CPU the server under test did not get (bench:scale's read mix, 2026-12-03).
export async function loadTest(
  urls: string[],
  clients: number,
  perClient: number,
  headers: Record<string, string> = {},
): Promise<Map<string, LatencyStats>> {
  for (const url of urls)
    if (!url.startsWith('http://')) throw new Error(`loadTest speaks plain HTTP only, not ${url}`);
  const samples = new Map<string, number[]>(urls.map((u) => [u, []]));
  const errors = new Map<string, number>(urls.map((u) => [u, 0]));
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  try {
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = 0; i < perClient; i++) {
          const url = urls[(c + i) % urls.length]!;
          const t0 = performance.now();
          const status = await get(url, agent, headers);
          const ms = performance.now() - t0;
          if (status < 200 || status >= 300) errors.set(url, errors.get(url)! + 1);
          samples.get(url)!.push(ms);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const out = new Map<string, LatencyStats>();
  for (const [url, list] of samples) {
    const sorted = [...list].sort((a, b) => a - b);
    out.set(url, {
      requests: list.length,
      errors: errors.get(url)!,
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      max: sorted[sorted.length - 1] ?? NaN,
      ms: list,
    });
  }
  return out;
}
