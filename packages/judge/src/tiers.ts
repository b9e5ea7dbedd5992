import type { TestCase, TierDerivation } from './types';

export const DEFAULT_TIER_COUNT = 4;

/**
 * Tiers for a benchmark that has none: tests sorted by input size (bytes of UTF-8) and cut into
 * `k` groups of about equal count; tests of equal size never straddle a boundary, so there can
 * be fewer than `k` tiers. Returns the tier of each test (in the given order) and the record.
 */
export function deriveTiers(inputs: string[], k = DEFAULT_TIER_COUNT): { tiers: number[]; derivation: TierDerivation } {
  const sizes = inputs.map((s) => Buffer.byteLength(s, 'utf8'));
  const order = sizes.map((_, i) => i).sort((a, b) => sizes[a]! - sizes[b]! || a - b);
  const tiers = new Array<number>(inputs.length).fill(1);
  const maxInputBytes: number[] = [];
  let tier = 1;
  for (let r = 0; r < order.length; r++) {
    const idx = order[r]!;
    const wanted = Math.min(k, Math.floor((r * k) / order.length) + 1);
    const prev = r > 0 ? sizes[order[r - 1]!]! : -1;
    if (wanted > tier && sizes[idx]! !== prev) {
      maxInputBytes.push(prev);
      tier = wanted > tier + 1 ? tier + 1 : wanted;
    }
    tiers[idx] = tier;
  }
  if (order.length) maxInputBytes.push(sizes[order[order.length - 1]!]!);
  return { tiers, derivation: { method: 'input-bytes-quantiles', k: maxInputBytes.length, maxInputBytes } };
}

/** Tests in judging order: tier by tier, then the benchmark's own order. */
export function judgingOrder(tests: readonly TestCase[]): number[] {
  return tests.map((_, i) => i).sort((a, b) => tests[a]!.tier - tests[b]!.tier || a - b);
}

/** Number of tiers, i.e. the highest coverage level. */
export function tierCount(tests: readonly TestCase[]): number {
  return tests.reduce((m, t) => Math.max(m, t.tier), 0);
}
