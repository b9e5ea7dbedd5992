// One merge in a fresh process, so its peak RSS (VmHWM) is its own and not the parent's.
import { readFileSync } from 'node:fs';
import { mergeCheckpoints } from '../src/index';

const args = JSON.parse(process.argv[2]!) as { models: string[]; alphas: number[]; out: string; durable: boolean };
const t0 = performance.now();
await mergeCheckpoints({ ...args });
const seconds = (performance.now() - t0) / 1000;
const vmhwmKiB = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);
process.stdout.write(`${JSON.stringify({ seconds, vmhwmKiB })}\n`);
