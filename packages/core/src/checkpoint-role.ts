/**
 * Where a checkpoint comes from: the shared initialisation, the low- and high-coverage trained
 * endpoints, or a weight average of them at some alpha. Mirrors the Prisma enum.
 */
export const CHECKPOINT_ROLES = ['INIT', 'LOW', 'HIGH', 'MERGED'] as const;

export type CheckpointRole = (typeof CHECKPOINT_ROLES)[number];

/** A role as people type it (manifests, `--role`): any case, so 'merged' and 'MERGED' both work. */
export function parseCheckpointRole(text: string): CheckpointRole | undefined {
  // Lower-casing the input (not upper-casing it) keeps look-alikes such as a dotless 'ı' out.
  const lower = text.toLowerCase();
  return CHECKPOINT_ROLES.find((role) => role.toLowerCase() === lower);
}

/** The two trained endpoints of the alpha line (low and high coverage). */
export function isEndpointRole(role: CheckpointRole): role is 'LOW' | 'HIGH' {
  return role === 'LOW' || role === 'HIGH';
}

/** Where a checkpoint sits on the alpha line: its stored alpha, else 0 for LOW and 1 for HIGH. */
export function lineAlpha(role: CheckpointRole, alpha: number | null): number | null {
  return alpha ?? (role === 'LOW' ? 0 : role === 'HIGH' ? 1 : null);
}
