/**
 * Where a checkpoint comes from: the shared initialisation, the low- and high-coverage trained
 * endpoints, or a weight average of them at some alpha. Mirrors the Prisma enum.
 */
export const CHECKPOINT_ROLES = ['INIT', 'LOW', 'HIGH', 'MERGED'] as const;

export type CheckpointRole = (typeof CHECKPOINT_ROLES)[number];

export function isCheckpointRole(value: unknown): value is CheckpointRole {
  return typeof value === 'string' && (CHECKPOINT_ROLES as readonly string[]).includes(value);
}

/** A role as people type it (manifests, `--role`): any case, so 'merged' and 'MERGED' both work. */
export function parseCheckpointRole(text: string): CheckpointRole | undefined {
  // Lower-casing the input (not upper-casing it) keeps look-alikes such as a dotless 'ı' out.
  const lower = text.toLowerCase();
  return CHECKPOINT_ROLES.find((role) => role.toLowerCase() === lower);
}
