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

// `clients` concurrent loops, each issuing `perClient` requests in turn over the URLs, with `headers`
// on every request (e.g. an API token).
export async function loadTest(urls: string[], clients: number, perClient: number, headers: Record<string, string> = {}): Promise<Map<string, LatencyStats>> {
  const samples = new Map<string, number[]>(urls.map((u) => [u, []]));
  const errors = new Map<string, number>(urls.map((u) => [u, 0]));
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const url = urls[(c + i) % urls.length]!;
        const t0 = performance.now();
        const res = await fetch(url, { headers }).catch(() => undefined);
        if (res) await res.arrayBuffer();
        const ms = performance.now() - t0;
        if (!res || !res.ok) errors.set(url, errors.get(url)! + 1);
        samples.get(url)!.push(ms);
      }
    }),
  );
  const out = new Map<string, LatencyStats>();
  for (const [url, list] of samples) {
    const sorted = [...list].sort((a, b) => a - b);
    out.set(url, { requests: list.length, errors: errors.get(url)!, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted[sorted.length - 1] ?? NaN, ms: list });
  }
  return out;
}
