// npm run bench -w @frontier/merge: two random BF16 checkpoints of ~1 GiB each in shards, merged
// at one alpha and at seven, against the ceiling of a plain sequential read of the same bytes.
// Prints figures and whether the targets are met; never fails on a slow machine.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomFillSync } from 'node:crypto';
import { closeSync, constants, fsyncSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeHeader, type TensorLayout } from '../src/index';

const GiB = 2 ** 30;
const SHARDS = 4;
const ROWS = 4096,
  COLS = 4096; // 32 MiB per BF16 matrix, 8 per shard
const PER_SHARD = 8;

function benchRoot(): string {
  const preferred = fileURLToPath(new URL('../../../.bench/', import.meta.url));
  try {
    mkdirSync(preferred, { recursive: true });
    return preferred;
  } catch {
    return tmpdir();
  }
}

// Weights of a plausible size (|w| in [2^-7, 2^-6), random sign and mantissa): random bytes
// would make one BF16 value in 256 a NaN or an infinity.
function fillWeights(buf: Buffer): void {
  randomFillSync(buf);
  const u = new Uint32Array(buf.buffer, buf.byteOffset, buf.length >> 2);
  for (let i = 0; i < u.length; i++) u[i] = (u[i]! & 0x807f807f) | 0x3c003c00;
}

function writeModel(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const weightMap: Record<string, string> = {};
  const data = Buffer.allocUnsafe(ROWS * COLS * 2);
  for (let s = 0; s < SHARDS; s++) {
    const name = `model-${String(s + 1).padStart(5, '0')}-of-${String(SHARDS).padStart(5, '0')}.safetensors`;
    const tensors: TensorLayout[] = [];
    for (let t = 0; t < PER_SHARD; t++) {
      tensors.push({ name: `layers.${s}.w${t}`, dtype: 'BF16', shape: [ROWS, COLS] });
      tensors.push({ name: `layers.${s}.norm${t}`, dtype: 'BF16', shape: [COLS] });
    }
    const path = join(dir, name);
    const fd = openSync(path, 'w');
    writeAll(fd, encodeHeader(tensors, { format: 'pt' }));
    for (const t of tensors) {
      const bytes = data.subarray(0, t.shape.reduce((a, b) => a * b, 1) * 2);
      fillWeights(bytes);
      writeAll(fd, bytes);
      weightMap[t.name] = name;
    }
    closeSync(fd);
    files.push(path);
  }
  const index = Buffer.from(JSON.stringify({ metadata: {}, weight_map: weightMap }));
  const fd = openSync(join(dir, 'model.safetensors.index.json'), 'w');
  writeAll(fd, index);
  closeSync(fd);
  const cfg = openSync(join(dir, 'config.json'), 'w');
  writeAll(cfg, Buffer.from('{"model_type":"bench"}\n'));
  closeSync(cfg);
  return files;
}

function writeAll(fd: number, buf: Uint8Array): void {
  for (let done = 0; done < buf.length;) done += writeSync(fd, buf, done, buf.length - done);
}

// The ceiling: the same bytes, read sequentially with large buffers, doing nothing else.
function ceiling(files: string[]): { bytes: number; seconds: number } {
  const buf = Buffer.allocUnsafe(16 << 20);
  let bytes = 0;
  const t0 = performance.now();
  for (const f of files) {
    const fd = openSync(f, 'r');
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0;) bytes += n;
    closeSync(fd);
  }
  return { bytes, seconds: (performance.now() - t0) / 1000 };
}

// Context for the output side: writing one checkpoint's bytes sequentially, doing nothing else,
// through the page cache and with O_DIRECT (what the merge uses where the file system allows).
function writeCeiling(dir: string, bytes: number, direct: boolean): number {
  const buf = new Uint8Array(new WebAssembly.Memory({ initial: 256 }).buffer).fill(1); // 16 MiB, page-aligned for O_DIRECT
  const path = join(dir, 'write-ceiling.bin');
  const t0 = performance.now();
  const fd = openSync(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (direct ? constants.O_DIRECT : 0),
  );
  for (let done = 0; done < bytes; done += buf.length) writeAll(fd, buf);
  if (direct) fsyncSync(fd);
  closeSync(fd);
  const seconds = (performance.now() - t0) / 1000;
  rmSync(path);
  return bytes / seconds;
}

function runMerge(
  models: string[],
  alphas: number[],
  out: string,
  durable: boolean,
): { seconds: number; vmhwmKiB: number } {
  const child = fileURLToPath(new URL('./bench-child.ts', import.meta.url));
  const stdout = execFileSync(
    process.execPath,
    ['--import', 'tsx', child, JSON.stringify({ models, alphas, out, durable })],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

const gbps = (bytes: number, s: number) => (bytes / s / 1e9).toFixed(2);
const mib = (kib: number) => (kib / 1024).toFixed(0);
const yes = (ok: boolean) => (ok ? 'met' : 'NOT met');

const root = join(benchRoot(), `merge-${randomBytes(4).toString('hex')}`);
try {
  console.log(`bench data in ${root}`);
  const t0 = performance.now();
  const files = [...writeModel(join(root, 'lo')), ...writeModel(join(root, 'hi'))];
  const models = [join(root, 'lo'), join(root, 'hi')];
  console.log(`made 2 BF16 checkpoints, ${SHARDS} shards each, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const c0 = ceiling(files);
  // The targets are judged on the CLI's default (fsync before the rename); --no-fsync is context.
  const seven = [-1, -0.5, 0, 0.5, 1, 1.5, 2];
  const runs: Array<{ label: string; alphas: number[]; durable: boolean }> = [
    { label: '1 alpha ', alphas: [0.5], durable: true },
    { label: '7 alphas', alphas: seven, durable: true },
    { label: '1 alpha, --no-fsync ', alphas: [0.5], durable: false },
    { label: '7 alphas, --no-fsync', alphas: seven, durable: false },
  ];
  const results: Array<{ seconds: number; vmhwmKiB: number; ceiling: number; bytes: number }> = [];
  for (const run of runs) {
    const [w, wd] = [writeCeiling(root, c0.bytes / 2, false), writeCeiling(root, c0.bytes / 2, true)];
    const c = ceiling(files); // right before each merge, same page-cache state
    const floor = (speed: number) => (c.seconds + (run.alphas.length * c.bytes) / 2 / speed).toFixed(2);
    const r = runMerge(models, run.alphas, join(root, 'out', 'alpha-{alpha}'), run.durable);
    results.push({ ...r, ceiling: c.bytes / c.seconds, bytes: c.bytes });
    console.log(
      `${run.label}: ${r.seconds.toFixed(2)} s, input ${gbps(c.bytes, r.seconds)} GB/s = ${(c.bytes / r.seconds / (c.bytes / c.seconds)).toFixed(2)}x the ceiling ` +
        `(sequential read: ${gbps(c.bytes, c.seconds)} GB/s, ${(c.bytes / GiB).toFixed(2)} GiB), peak RSS ${mib(r.vmhwmKiB)} MiB`,
    );
    console.log(
      `  context: sequential write ${(w / 1e9).toFixed(2)} GB/s (page cache), ${(wd / 1e9).toFixed(2)} GB/s (O_DIRECT); reading the inputs plus writing ${run.alphas.length} output(s) with plain loops takes ${floor(w)} s (page cache), ${floor(wd)} s (O_DIRECT)`,
    );
    rmSync(join(root, 'out'), { recursive: true, force: true });
  }
  const [one, many] = results as [(typeof results)[0], (typeof results)[0]];
  const peak = Math.max(...results.map((r) => r.vmhwmKiB)) * 1024;
  console.log('targets (default run, with fsync):');
  console.log(
    `  one alpha >= 0.5x ceiling: ${(one.bytes / one.seconds / one.ceiling).toFixed(2)}x, ${yes(one.bytes / one.seconds >= 0.5 * one.ceiling)}`,
  );
  console.log(
    `  seven alphas < 3x the time of one: ${(many.seconds / one.seconds).toFixed(2)}x, ${yes(many.seconds < 3 * one.seconds)}`,
  );
  console.log(`  peak RSS < 1 GiB: ${mib(peak / 1024)} MiB, ${yes(peak < GiB)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
