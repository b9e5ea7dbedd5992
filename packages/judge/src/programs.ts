import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '@frontier/disk';
import { lcbFunctionalProgram, lcbStdinProgram } from './lcb';
import type { SlotPool } from './sandbox/pool';
import type { HostFile, RunRequest } from './sandbox/types';
import type { Language, Problem } from './types';

export type Program =
  { kind: 'python'; code: string } | { kind: 'exec'; exe: HostFile } | { kind: 'ce'; message: string };

/** A program that can run: every kind but a compile error. */
export type RunnableProgram = Exclude<Program, { kind: 'ce' }>;

export interface CompileSettings {
  gxx: string;
  cpuSeconds: number;
  memoryBytes: number;
  /** The allocation shim's object file (native/alloc_shim.c, sandbox/native.ts), linked into every program. */
  allocShim: string;
}

/**
 * Where the shim lands in the compiler's sandbox. It is linked as one of the program's objects, so
 * that its allocator entry points stand in for glibc's in the whole process (operator new's calls
 * and libc's own included).
 */
const SHIM_PATH = '/tmp/shim.o';

export const sha = (...parts: string[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

/** Turns a sample's code into something runnable; C++ compiles once per distinct source. */
export class Programs {
  private readonly compiling = new Map<string, Promise<Program>>();
  /** The shim travels into the compiler's sandbox as an argument (it sees none of the cache). */
  private readonly shim: string;
  /** Part of every binary's cache key: the shim and how it is linked make the binary. */
  private readonly shimId: string;

  constructor(
    private readonly workDir: string,
    private readonly cacheDir: string,
    private readonly pool: SlotPool,
    private readonly compile: CompileSettings,
  ) {
    mkdirSync(join(workDir, 'src'), { recursive: true });
    mkdirSync(join(cacheDir, 'bin'), { recursive: true });
    this.shim = readFileSync(compile.allocShim).toString('base64');
    this.shimId = sha(this.shim, SHIM_PATH);
  }

  /** `lcbCompat`: Python runs as LiveCodeBench's evaluator runs it (src/lcb-compat.ts). */
  prepare(language: Language, code: string, problem: Problem, lcbCompat = false): Promise<Program> {
    if (language === 'python') {
      let source = code;
      if (problem.functional) source = lcbFunctionalProgram(code, problem.functional.fnName, lcbCompat);
      else if (problem.checker.mode === 'lcb') source = lcbStdinProgram(code, lcbCompat);
      return Promise.resolve({ kind: 'python', code: source });
    }
    if (problem.functional) {
      return Promise.resolve({
        kind: 'ce',
        message: 'functional (LeetCode-style) problems are judged for Python only',
      });
    }
    const key = sha('cpp', this.compile.gxx, this.shimId, code);
    let p = this.compiling.get(key);
    if (!p) {
      p = this.compileCpp(key, code);
      this.compiling.set(key, p);
      p.catch(() => this.compiling.delete(key));
    }
    return p;
  }

  private async compileCpp(key: string, code: string): Promise<Program> {
    const bin = join('bin', key);
    const ce = join(this.cacheDir, 'bin', `${key}.ce`);
    if (existsSync(join(this.cacheDir, bin))) return { kind: 'exec', exe: ['cache', bin] };
    if (existsSync(ce)) return { kind: 'ce', message: readFileSync(ce, 'utf8') };
    const src = join('src', `${key}.cpp`);
    writeFileAtomicSync(join(this.workDir, src), code, { durable: false });
    const tmp = `${bin}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    const gxx = this.compile.gxx;
    const req: RunRequest = {
      kind: 'shell',
      // The compiler runs in the same sandbox as programs (a source may #include any file it
      // can name); the binary comes back on stdout. The allocation shim comes in base64 ($1).
      argv: [
        '/bin/sh',
        '-c',
        `printf %s "$1" | base64 -d > ${SHIM_PATH} && "$0" -std=c++17 -O2 -pipe -x c++ -o /tmp/a.out - -x none ${SHIM_PATH} 1>&2 && exec cat /tmp/a.out`,
        gxx,
        this.shim,
      ],
      stdin: ['work', src],
      stdout: ['cache', tmp],
      cpuSeconds: this.compile.cpuSeconds,
      wallSeconds: this.compile.cpuSeconds * 2,
      memoryBytes: this.compile.memoryBytes,
      processes: 32,
      outputBytes: 256 << 20,
      fileBytes: 512 << 20,
      tmpBytes: 512 << 20,
      stackBytes: 64 << 20,
      stderrBytes: 16384,
      env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: '/tmp', TMPDIR: '/tmp' },
    };
    const tmpAbs = join(this.cacheDir, tmp);
    // The binary comes back into `tmp`: a failed run (the cache's disk full) must not leave it there.
    const run = await this.pool
      .withSlot((slot) => slot.run(req))
      .catch((err: unknown) => {
        rmSync(tmpAbs, { force: true });
        throw err;
      });
    if (run.setupError) {
      rmSync(tmpAbs, { force: true });
      throw new Error(`compiler sandbox: ${run.setupError}`);
    }
    if (run.exitCode === 0 && !run.ole) {
      chmodSync(tmpAbs, 0o755);
      renameSync(tmpAbs, join(this.cacheDir, bin));
      return { kind: 'exec', exe: ['cache', bin] };
    }
    rmSync(tmpAbs, { force: true });
    let message = run.stderr.trim();
    if (run.wallTimeout || run.cpuMs > this.compile.cpuSeconds * 1000) {
      return { kind: 'ce', message: `compilation exceeded ${this.compile.cpuSeconds} s\n${message}` };
    }
    if (run.oomKilled)
      return { kind: 'ce', message: `compilation exceeded ${this.compile.memoryBytes >> 20} MiB\n${message}` };
    if (!message) message = `compiler exited with ${run.exitCode ?? `signal ${run.signal}`}`;
    // Only a plain compiler error is cached: a limit hit under load may not recur.
    writeFileAtomicSync(ce, message);
    return { kind: 'ce', message };
  }
}
