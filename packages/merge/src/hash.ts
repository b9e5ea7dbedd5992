import { Worker } from 'node:worker_threads';

// sha256 of whole files, in a worker thread so hashing overlaps the merge on another core.
// !: The worker is plain JavaScript passed with `eval: true`: a .ts worker file would need the
// tsx loader inside the worker, which consumers of the package may not have.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSync, readSync, closeSync } = require('node:fs');
const { createHash } = require('node:crypto');
const buf = Buffer.allocUnsafe(8 << 20);
const out = {};
for (const path of workerData) {
  const fd = openSync(path, 'r');
  const h = createHash('sha256');
  for (let pos = 0, n; (n = readSync(fd, buf, 0, buf.length, pos)) > 0; pos += n) h.update(buf.subarray(0, n));
  closeSync(fd);
  out[path] = h.digest('hex');
}
parentPort.postMessage(out);
`;

/** Starts hashing; `stop` ends the worker early (when the merge fails, say). */
export function sha256Files(paths: readonly string[]): { result: Promise<Record<string, string>>; stop: () => void } {
  const worker = new Worker(WORKER, { eval: true, workerData: [...paths] });
  const result = new Promise<Record<string, string>>((resolvePromise, reject) => {
    worker.once('message', (hashes: Record<string, string>) => resolvePromise(hashes));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`hash worker exited with code ${code}`)));
  });
  result.catch(() => {}); // the caller awaits it, or stops it and never will
  return { result, stop: () => void worker.terminate() };
}
