// Command-line flags of `npm run bench -w @frontier/judge -- ...`.
import { availableParallelism } from 'node:os';
import { NAMESPACE_SCOPES, SANDBOX_BACKENDS, type NamespaceScope, type SandboxBackend } from '../../src/index';

export const WORKLOADS = ['a', 'b', 'c', 'big'] as const;
export type WorkloadKey = (typeof WORKLOADS)[number];

export interface Flags {
  workers: number;
  rounds: number;
  namespaceScope: NamespaceScope;
  pinSlots: boolean;
  workloads: WorkloadKey[];
  /** A second judge phase with this backend in the same rounds, beside the default one. */
  backend?: SandboxBackend;
}

const fail = (message: string): never => {
  console.error(`bench: ${message}`);
  process.exit(2);
};

export function parseFlags(argv: readonly string[]): Flags {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    return argv[i + 1] ?? fail(`${name} needs a value`);
  };
  const count = (name: string, fallback: number): number => {
    const text = value(name);
    if (text === undefined) return fallback;
    if (!/^[1-9][0-9]*$/.test(text)) fail(`${name} needs a whole number >= 1, got ${JSON.stringify(text)}`);
    return Number(text);
  };
  const known = new Set(['--workers', '--rounds', '--workload', '--backend', '--namespaces', '--no-pin']);
  argv.forEach((a, i) => {
    if (a.startsWith('--') && !known.has(a)) fail(`unknown flag ${a} (flags: ${[...known].join(' ')})`);
    if (
      !a.startsWith('--') &&
      !['--workers', '--rounds', '--workload', '--backend', '--namespaces'].includes(argv[i - 1] ?? '')
    )
      fail(`unexpected argument ${JSON.stringify(a)}`);
  });
  const workloads = (value('--workload') ?? WORKLOADS.join(',')).split(',').map((w) => w.trim());
  for (const w of workloads)
    if (!(WORKLOADS as readonly string[]).includes(w))
      fail(`--workload takes a comma-separated subset of ${WORKLOADS.join(',')}, got ${JSON.stringify(w)}`);
  const scope = value('--namespaces') ?? 'sample';
  if (!(NAMESPACE_SCOPES as readonly string[]).includes(scope))
    fail(
      `--namespaces takes one of ${NAMESPACE_SCOPES.join(', ')} (network, IPC and mount namespaces per sample or per test), got ${JSON.stringify(scope)}`,
    );
  const backend = value('--backend');
  if (backend !== undefined && !(SANDBOX_BACKENDS as readonly string[]).includes(backend))
    fail(`--backend takes one of ${SANDBOX_BACKENDS.join(', ')}, got ${JSON.stringify(backend)}`);
  return {
    ...(backend !== undefined && { backend: backend as SandboxBackend }),
    workers: count('--workers', availableParallelism()),
    rounds: count('--rounds', 3),
    namespaceScope: scope as NamespaceScope,
    pinSlots: !argv.includes('--no-pin'),
    workloads: [...new Set(workloads)] as WorkloadKey[],
  };
}
