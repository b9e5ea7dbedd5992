// What the bench needs from the machine: processes, a fixed number of them at a time, how busy
// the cores were while a phase ran, and what a page costs a fresh process here.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LCB_PRELUDE } from '../../src/lcb';
import { ensureTemplateLib } from '../../src/sandbox/native';

export const PYTHON = '/usr/bin/python3';

/** Tests run in a phase, its wall time, and the whole machine's busy fraction meanwhile. */
export interface Phase {
  tests: number;
  ms: number;
  busy: number;
}

// Busy fraction of all cores over an interval, from /proc/stat (idle + iowait vs total).
const cpuTimes = () => {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: f[3]! + f[4]!, total: f.reduce((a, b) => a + b, 0) };
};

export const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Runs `work`, timing it and the machine's busy fraction. */
export async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; busy: number }> {
  const c0 = cpuTimes();
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  const c1 = cpuTimes();
  return { result, ms, busy: 1 - (c1.idle - c0.idle) / (c1.total - c0.total) };
}

/** `work` on every item, `workers` at a time (the judge's concurrency for the baselines). */
export async function eachConcurrently<T>(
  items: readonly T[],
  workers: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Runs a process with `input` on stdin; its stdout (stderr dropped) and exit code. */
export function run(
  cmd: string,
  args: readonly string[],
  input: string,
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(chunks).toString('utf8') }));
    // A program that exits without reading its input closes the pipe under us: not an error here.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/** What a process per test pays on this machine, page by page (page_costs.c). */
export interface PageCosts {
  fork_exit_us: number;
  read_us: number;
  cow_us: number;
  huge_read_us: number | null;
}

/** Builds page_costs.c into dir and runs it: null (with a note on stderr) where it cannot. */
export function pageCosts(dir: string): PageCosts | null {
  const exe = join(dir, 'page_costs');
  try {
    if (!existsSync(exe))
      execFileSync('gcc', ['-O2', '-o', exe, fileURLToPath(new URL('./page_costs.c', import.meta.url))], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    return JSON.parse(execFileSync(exe, { encoding: 'utf8' })) as PageCosts;
  } catch (e) {
    console.error(`bench: the page-cost probe did not run: ${(e as Error).message}`);
    return null;
  }
}

export const pageCostsLine = (c: PageCosts | null): string =>
  c === null
    ? 'page costs: not measured'
    : `page costs (a C probe, a fork of an 8 MiB process): fork and exit ${c.fork_exit_us.toFixed(0)} us; a child's first read of a page ${c.read_us.toFixed(2)} us, first write (copy) ${c.cow_us.toFixed(2)} us, first read of a huge page's ${c.huge_read_us === null ? 'n/a' : `${c.huge_read_us.toFixed(2)} us`}`;

/** What a slot's template would do with its arenas and data here (native/huge_heap.h). */
export interface HeapChoice {
  blocks: number;
  copy: boolean;
  with_us: number;
  without_us: number;
  /**
   * Tests read the blocks from a snapshot on huge pages (a tmpfs of the template's own), not a memfd.
   * The same tmpfs holds each sample's file, which its tests map as their blocks.
   */
  huge_snapshot: boolean;
}

/** Runs heap_choice.py in a python3 built as a template is: null (with a note) where it cannot. */
export function heapChoice(dir: string): HeapChoice | null {
  try {
    const lib = ensureTemplateLib(dir);
    const runtime = fileURLToPath(new URL('../../runtime', import.meta.url));
    const script = fileURLToPath(new URL('./heap_choice.py', import.meta.url));
    const out = execFileSync(PYTHON, ['-I', script, runtime, lib], {
      input: LCB_PRELUDE,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, LD_PRELOAD: lib },
    });
    return JSON.parse(out) as HeapChoice;
  } catch (e) {
    console.error(`bench: the template's heap probe did not run: ${(e as Error).message}`);
    return null;
  }
}

export const heapChoiceLine = (c: HeapChoice | null): string =>
  c === null
    ? "template's arenas and data: not measured"
    : c.blocks === 0
      ? "template's arenas and data: on small pages (no huge pages here)"
      : `template's arenas and data: ${c.blocks} blocks of 2 MiB on huge pages, ${c.copy ? `copied into each test from a snapshot on ${c.huge_snapshot ? 'huge pages, a file per sample' : 'small pages, fresh blocks per test'}` : 'shared with each test'} (its trial test: ${(c.with_us / 1e3).toFixed(2)} ms copying, ${(c.without_us / 1e3).toFixed(2)} ms not; medians)`;
