import { Worker } from 'node:worker_threads';

// sha256 of whole input files, fed from the merge's own read buffers (shared memory) so the
// inputs are read once, in worker threads so hashing overlaps the arithmetic on another core.
// Each worker keeps, per file, the hash of the prefix [0, cursor): a chunk at the cursor is
// hashed from memory; bytes before a chunk that starts past the cursor (the header, or a file
// whose tensors are read out of order) are read from disk; so are the bytes left at the end.
// !: The worker is plain JavaScript passed with `eval: true`: a .ts worker file would need the
// tsx loader inside the worker, which consumers of the package may not have.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSync, readSync, closeSync } = require('node:fs');
const { createHash } = require('node:crypto');
const mem = new Uint8Array(workerData);
const files = new Map();
const buf = Buffer.allocUnsafe(8 << 20);
function state(path) {
  if (!files.has(path)) files.set(path, { h: createHash('sha256'), cursor: 0 });
  return files.get(path);
}
function readUpTo(path, f, end) {
  const fd = openSync(path, 'r');
  try {
    for (let n; f.cursor < end && (n = readSync(fd, buf, 0, Math.min(buf.length, end - f.cursor), f.cursor)) > 0; f.cursor += n) f.h.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}
parentPort.on('message', ({ id, chunks, finish }) => {
  for (const { path, position, offset, length } of chunks) {
    const f = state(path);
    if (f.cursor < position) readUpTo(path, f, position);
    const skip = f.cursor - position;
    if (skip >= 0 && skip < length) {
      f.h.update(mem.subarray(offset + skip, offset + length));
      f.cursor = position + length;
    }
  }
  const hashes = {};
  for (const path of finish) {
    const f = state(path);
    readUpTo(path, f, Infinity);
    hashes[path] = f.h.digest('hex');
  }
  parentPort.postMessage({ id, hashes });
});
`;

/** Bytes of shared memory holding the file's bytes from `position` on. */
export interface HashChunk {
  path: string;
  position: number;
  offset: number;
  length: number;
}

type Reply = { id: number; hashes: Record<string, string> };

export class InputHasher {
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (r: Reply) => void; reject: (err: Error) => void }>();
  private failure: Error | null = null;

  private constructor(
    private readonly workers: Worker[],
    /** path -> index of the worker that hashes it: a file's chunks must reach one worker in order. */
    private readonly route: Map<string, number>,
  ) {
    for (const w of workers) {
      w.on('message', (r: Reply) => {
        this.waiting.get(r.id)?.resolve(r);
        this.waiting.delete(r.id);
      });
      w.on('error', (err) => this.fail(err));
      w.on('exit', (code) => this.fail(new Error(`hash worker exited with code ${code}`)));
    }
  }

  /** One worker per group of files (say, one per input checkpoint). */
  static start(memory: SharedArrayBuffer, groups: ReadonlyArray<readonly string[]>): InputHasher {
    const route = new Map<string, number>();
    groups.forEach((paths, i) => paths.forEach((p) => route.has(p) || route.set(p, i)));
    const workers = groups.map(() => new Worker(WORKER, { eval: true, workerData: memory }));
    return new InputHasher(workers, route);
  }

  /** Resolves when the workers no longer need those bytes of shared memory. */
  async hash(chunks: readonly HashChunk[]): Promise<void> {
    await Promise.all(
      this.workers.map((_, i) =>
        this.send(
          i,
          chunks.filter((c) => this.route.get(c.path) === i),
          [],
        ),
      ),
    );
  }

  /** Hashes whatever the chunks did not cover, and returns path -> sha256 hex. */
  async finish(): Promise<Record<string, string>> {
    const replies = await Promise.all(
      this.workers.map((_, i) =>
        this.send(
          i,
          [],
          [...this.route].filter(([, w]) => w === i).map(([p]) => p),
        ),
      ),
    );
    await this.stop();
    return Object.assign({}, ...replies.map((r) => r.hashes)) as Record<string, string>;
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.removeAllListeners('exit').terminate()));
  }

  private send(worker: number, chunks: readonly HashChunk[], finish: string[]): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.workers[worker]!.postMessage({ id, chunks, finish });
    });
  }

  private fail(err: Error): void {
    this.failure = err;
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}
