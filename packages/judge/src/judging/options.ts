import type { BackendChoice, Language, Limits, NamespaceScope } from '../types';

export interface JudgeOptions {
  /** Tests run in parallel; default the number of cores. */
  workers?: number;
  /** Python interpreter by absolute path (no PATH lookup, no shims). */
  python?: string;
  gxx?: string;
  cc?: string;
  /** Compiled binaries and the reaper stub, kept across runs. */
  cacheDir?: string;
  /** Scratch space (inputs, sources, outputs) for this judge; removed by close(). */
  workDir?: string;
  /** Limits that override every problem's own (e.g. from the command line). */
  limits?: Partial<Limits>;
  timeMultiplier?: Partial<Record<Language, number>>;
  /** A TLE within this fraction of the limit is re-run before it stands. Default 0.1. */
  rerunMargin?: number;
  maxReruns?: number;
  uid?: number;
  gid?: number;
  /**
   * How long the network, IPC and mount namespaces (with /tmp and /dev/shm) live: one set per
   * sample, shared by its tests (default: the same program; README, "Threat model"), or one per test.
   */
  namespaceScope?: NamespaceScope;
  /**
   * Pin each slot (its supervisor and tests) to one CPU, slot i to the i-th allowed CPU modulo
   * their number (default true): ~20% more tests per second on a 2-core VM, steadier CPU times.
   */
  pinSlots?: boolean;
  /** Top-level directories hidden from programs; default all but the system directories. */
  hide?: string[];
  compileSeconds?: number;
  compileMemoryMib?: number;
  /**
   * Run Python on LiveCodeBench problems (checker `lcb`, functional) as LiveCodeBench's evaluator
   * does, quirks included, with its 6 s timeout (as CPU time) where no limit is set; off by default
   * (README: "Where verdicts differ from LiveCodeBench's"). judgeSamples may override it.
   */
  lcbCompat?: boolean;
  /** The sandbox backend (default `auto`: the strongest that works here; logged with why). */
  backend?: BackendChoice;
  log?: (message: string) => void;
}
