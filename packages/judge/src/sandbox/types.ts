/** A file the supervisor opens on the host side: a root name ('work' or 'cache') and a relative path. */
export type HostFile = readonly ['work' | 'cache', string];

export interface RunRequest {
  kind: 'python' | 'exec' | 'shell';
  /** python: the program's source, sent with the request (no file per sample). */
  code?: string;
  /** exec: the binary (shell: argv[0] is an absolute path). */
  exe?: HostFile;
  argv?: string[];
  stdin?: HostFile;
  stdout: HostFile;
  cpuSeconds: number;
  wallSeconds: number;
  memoryBytes: number;
  processes: number;
  outputBytes: number;
  fileBytes: number;
  tmpBytes: number;
  stackBytes: number;
  stderrBytes?: number;
  /** Send stdout back in the result (`output`) when small and valid UTF-8 instead of writing the file. */
  inlineOutput?: boolean;
  env: Record<string, string>;
}

/** Signs of running out of memory that a test process reports (runtime/zygote.py OOM_SIGNS). */
export type OutOfMemory = 'malloc' | 'mmap' | 'MemoryError' | 'stack' | 'marked';

/** What the supervisor measured for one run. */
export interface RunResult {
  exitCode: number | null;
  signal: number | null;
  /** user + sys CPU of the program itself (wait4 rusage), minus the sandbox's own set-up. */
  cpuMs: number;
  wallMs: number;
  /** Peak resident set of the program's process (wait4 ru_maxrss). */
  maxRssKib: number;
  /** Peak charge of the slot's memory cgroup (all processes of the test). */
  cgroupPeakKib: number;
  failcnt: number;
  oomKilled: boolean;
  /**
   * What the test process itself reported running out of (native/out_of_memory.h, first sign
   * only): an allocation that returned NULL, an mmap or sbrk refused, a MemoryError made (caught
   * or not), a stack that could not grow; `marked` if the program wrote there itself.
   */
  outOfMemory?: OutOfMemory;
  outputBytes: number;
  ole: boolean;
  wallTimeout: boolean;
  stderr: string;
  /** The program's stdout when sent inline (see `inlineOutput`); otherwise it is in the stdout file. */
  output?: string;
  compileError?: string;
  setupError?: string;
  leftoverProcesses: number;
}

/** One worker slot able to run sandboxed programs, one at a time. */
export interface SandboxSlot {
  readonly index: number;
  run(req: RunRequest): Promise<RunResult>;
  close(): Promise<void>;
}
