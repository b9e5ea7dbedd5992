// How the judge isolates and measures programs (packages/judge/README.md, "Sandbox backends").
// The names are shared vocabulary: the judge resolves one, the database records it per sample,
// a study may require one, and the CLI and worker take a choice of them.

/** The sandbox backends, strongest isolation first. */
export const SANDBOX_BACKENDS = ['cgroup1', 'cgroup2', 'rootless'] as const;
export type SandboxBackend = (typeof SANDBOX_BACKENDS)[number];

/** A backend, or `auto`: the strongest that works on this machine. */
export const BACKEND_CHOICES = ['auto', ...SANDBOX_BACKENDS] as const;
export type BackendChoice = (typeof BACKEND_CHOICES)[number];

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

function oneOf<T extends string>(text: string, allowed: readonly T[]): Parsed<T> {
  const value = allowed.find((a) => a === text.trim().toLowerCase());
  return value
    ? { ok: true, value }
    : { ok: false, message: `must be one of ${allowed.join(', ')} (got ${JSON.stringify(text)})` };
}

/** A judge's backend choice (`--backend`, FRONTIER_JUDGE_BACKEND); the message lists the choices. */
export const parseBackendChoice = (text: string): Parsed<BackendChoice> => oneOf(text, BACKEND_CHOICES);

/** One backend, not `auto` (what a study requires). */
export const parseSandboxBackend = (text: string): Parsed<SandboxBackend> => oneOf(text, SANDBOX_BACKENDS);
