import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Measured {
  code: number;
  seconds: number;
  peakRssMiB: number;
  stdout: string;
  stderr: string;
}

function vmHwmKiB(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

// Runs a command and samples its own VmHWM (the high-water mark of its memory map, which exec
// resets, unlike rusage's maxrss that carries the parent's peak). The CLI starts tsx's loader in
// the same process, so the figure is the whole importer process.
export function measure(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let peak = 0;
    let stdout = '';
    let stderr = '';
    const timer = setInterval(() => (peak = Math.max(peak, vmHwmKiB(child.pid!))), 50);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({
        code: code ?? 1,
        seconds: Number(process.hrtime.bigint() - start) / 1e9,
        peakRssMiB: peak / 1024,
        stdout,
        stderr,
      });
    });
  });
}
