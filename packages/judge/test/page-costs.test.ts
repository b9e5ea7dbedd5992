// bench:judge prints what a page costs a fresh process on the machine (scripts/bench/page_costs.c),
// next to the figures it decides. The probe must build and report every figure it names.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { pageCosts, pageCostsLine } from '../scripts/bench/machine';

const dir = mkdtempSync(join(tmpdir(), 'page-costs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('measures a fork, a first read and a first write of a parent page, and prints them', () => {
  const costs = pageCosts(dir);
  expect(costs).not.toBeNull();
  const { fork_exit_us, read_us, cow_us, huge_read_us } = costs!;
  expect(fork_exit_us).toBeGreaterThan(0);
  for (const us of [read_us, cow_us]) expect(Number.isFinite(us) && us >= 0).toBe(true);
  // A copy on write allocates and copies a page: never cheaper than reading one that is mapped.
  expect(cow_us).toBeGreaterThan(read_us);
  expect(huge_read_us === null || huge_read_us >= 0).toBe(true);
  expect(pageCostsLine(costs)).toMatch(/fork and exit \d+ us; a child's first read of a page [\d.]+ us, first write \(copy\) [\d.]+ us/);
}, 60_000);
