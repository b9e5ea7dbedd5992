import { Worker } from 'node:worker_threads';

// Direct writes from shared memory, each blocking one thread of a pool of our own for as long
// as the disk takes. On libuv's four threads they would queue the reads of the next slices
// behind them; and the disk wants several writes in flight to reach its speed.
// !: Plain JavaScript with `eval: true`, as in hash.ts: a .ts worker would need the tsx loader.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const mem = new Uint8Array(workerData);
parentPort.on('message', ({ id, fd, offset, length, position }) => {
  try {
    for (let done = 0; done < length; ) done += writeSync(fd, mem, offset + done, length - done, position + done);
    parentPort.postMessage({ id });
  } catch (err) {
    parentPort.postMessage({ id, code: err.code, message: err.message });
  }
});
`;

type Reply = { id: number; code?: string; message?: string };

export class WritePool {
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();

  private constructor(
    readonly memory: SharedArrayBuffer,
    private readonly workers: Worker[],
  ) {
    for (const w of workers) {
      w.on('message', ({ id, code, message }: Reply) => {
        const wait = this.waiting.get(id);
        this.waiting.delete(id);
        if (code === undefined) wait?.resolve();
        else wait?.reject(Object.assign(new Error(message), { code }));
      });
      w.on('error', (err) => this.rejectAll(err));
    }
  }

  static start(memory: SharedArrayBuffer, threads: number): WritePool {
    return new WritePool(
      memory,
      Array.from({ length: threads }, () => new Worker(WORKER, { eval: true, workerData: memory })),
    );
  }

  /** Writes `length` bytes of the shared memory from `offset` at `position` of the open file `fd`. */
  write(fd: number, offset: number, length: number, position: number): Promise<void> {
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.workers[id % this.workers.length]!.postMessage({ id, fd, offset, length, position });
    });
  }

  /** Ends the threads; a write still pending is rejected only once no thread can touch its file. */
  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.rejectAll(new Error('write pool stopped'));
  }

  private rejectAll(err: Error): void {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}
