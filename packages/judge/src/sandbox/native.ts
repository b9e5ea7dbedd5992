import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNTIME_DIR = join(PACKAGE_DIR, 'runtime');

/**
 * Compiles a C file of native/ once per version (its source, the headers it includes, the flags)
 * into `cacheDir` (temp file + rename).
 */
function buildOnce(cacheDir: string, cc: string, name: string, flags: string[], headers: string[] = []): string {
  const source = join(PACKAGE_DIR, 'native', `${name}.c`);
  const hash = createHash('sha256');
  for (const file of [source, ...headers.map((h) => join(PACKAGE_DIR, 'native', h))]) hash.update(readFileSync(file));
  const version = hash.update(flags.join(' ')).digest('hex').slice(0, 16);
  const out = join(cacheDir, 'native', `${name}-${version}`);
  if (existsSync(out)) return out;
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  execFileSync(cc, [...flags, '-o', tmp, source], { stdio: ['ignore', 'ignore', 'pipe'] });
  renameSync(tmp, out);
  return out;
}

/** The reaper stub (native/reaper.c), pid 1 of a test whose program is a binary. */
export const ensureReaper = (cacheDir: string, cc = 'gcc'): string =>
  buildOnce(cacheDir, cc, 'reaper', ['-O2', '-static']);

const LIB_FLAGS = ['-O2', '-shared', '-fPIC'];

/** The supervisor's native half (native/supervisor.c), a shared library loaded with ctypes. */
export const ensureSupervisorLib = (cacheDir: string, cc = 'gcc'): string =>
  buildOnce(cacheDir, cc, 'supervisor', LIB_FLAGS, ['common.h']);

/** The template's native half (native/template.c), a shared library loaded with ctypes. */
export const ensureTemplateLib = (cacheDir: string, cc = 'gcc'): string =>
  buildOnce(cacheDir, cc, 'template', LIB_FLAGS, ['common.h', 'huge_image.h', 'huge_heap.h', 'out_of_memory.h']);

/**
 * The object linked into every compiled C++ program (native/alloc_shim.c: running out of memory is
 * told on the test's out-of-memory pipe); position-independent, as the programs are PIE.
 */
export const ensureAllocShim = (cacheDir: string, cc = 'gcc'): string =>
  buildOnce(cacheDir, cc, 'alloc_shim', ['-O2', '-fPIC', '-c'], ['out_of_memory.h']);

/**
 * The command that starts a slot's supervisor (runtime/zygote.py) from bytecode cached under
 * `cacheDir`, compiled here first if needed, together with the template (runtime/template.py)
 * that the supervisor starts the same way. Compiling the template in its own process would
 * leave about 2 MiB of compiler garbage on its heap, which every forked test then copies and
 * tears down (~10% of the cost of a short test).
 */
export function zygoteCommand(python: string, cacheDir: string): string[] {
  const args = ['-I', '-X', `pycache_prefix=${join(cacheDir, 'pycache')}`, '-c'];
  const load = 'import sys; sys.path.insert(0, sys.argv.pop(1)); import zygote, template';
  execFileSync(python, [...args, load, RUNTIME_DIR], { stdio: ['ignore', 'ignore', 'pipe'] });
  return [...args, `${load}; zygote.main()`, RUNTIME_DIR];
}

/** Every native piece a judge runs, built into `cacheDir` where the cache lacks it. */
export interface NativeParts {
  /** The supervisor's command line (zygoteCommand). */
  zygoteArgs: string[];
  reaper: string;
  supervisorLib: string;
  templateLib: string;
  allocShim: string;
}

/**
 * Builds them all before the judge makes its first slot, so that a failed build (no compiler, a
 * full disk) leaves no slot's sandbox behind.
 */
export function buildNativeParts(python: string, cacheDir: string, cc?: string): NativeParts {
  return {
    zygoteArgs: zygoteCommand(python, cacheDir),
    reaper: ensureReaper(cacheDir, cc),
    supervisorLib: ensureSupervisorLib(cacheDir, cc),
    templateLib: ensureTemplateLib(cacheDir, cc),
    allocShim: ensureAllocShim(cacheDir, cc),
  };
}
