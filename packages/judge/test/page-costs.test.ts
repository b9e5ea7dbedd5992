// bench:judge prints what a page costs a fresh process on the machine (scripts/bench/page_costs.c)
// and what a slot's template would do with its arenas and data there (heap_choice.py), next to the
// figures they decide. Each probe must build and report every figure it names.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { heapChoice, heapChoiceLine, pageCosts, pageCostsLine } from '../scripts/bench/machine';
import { thpGranted } from './fixtures/thp';

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
  expect(pageCostsLine(costs)).toMatch(
    /fork and exit \d+ us; a child's first read of a page [\d.]+ us, first write \(copy\) [\d.]+ us/,
  );
}, 60_000);

it.skipIf(!thpGranted)(
  "finds the template's arenas and data in huge blocks and times its trial test both ways",
  () => {
    const choice = heapChoice(dir);
    expect(choice).not.toBeNull();
    const { blocks, copy, with_us, without_us, huge_snapshot } = choice!;
    // The arenas alone fill more than one block once LiveCodeBench's prelude is imported.
    expect(blocks).toBeGreaterThanOrEqual(2);
    // Non-zero only where the trial forks filled their blocks from the snapshot and ran.
    expect(with_us).toBeGreaterThan(0);
    expect(without_us).toBeGreaterThan(0);
    expect(copy).toBe(with_us < without_us);
    // Only with CAP_SYS_ADMIN (here: root) may the template mount the snapshot's own huge-page
    // tmpfs; without it, the memfd.
    expect(huge_snapshot).toBe(process.getuid?.() === 0);
    // Tests map a sample's file as their blocks only where that tmpfs is, else each fills fresh blocks.
    const how = huge_snapshot ? 'huge pages, a file per sample' : 'small pages, fresh blocks per test';
    expect(heapChoiceLine(choice)).toContain(
      `${blocks} blocks of 2 MiB on huge pages, ${copy ? `copied into each test from a snapshot on ${how}` : 'shared with each test'}`,
    );
  },
  60_000,
);
