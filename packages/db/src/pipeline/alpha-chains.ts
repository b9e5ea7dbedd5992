import { chainStateOf, type JobKind, type JobState } from '@frontier/core';
import type { Queryable } from '../queryable';

// The chains a study already has for its alphas, as evaluate sees them. An alpha is "the same"
// when the study and the number are: the sampling that names a run (runs.ts) comes from the
// study's settings, which nothing changes after the study is made, so every chain of a study
// samples the same way and the alpha alone tells its chains apart.

export interface ChainStep {
  id: number;
  kind: JobKind;
  state: JobState;
}

export interface AlphaChain {
  /** The chain's state in one word (core's chainStateOf). */
  state: JobState;
  /** Its steps in order: merge, generate, judge, aggregate. */
  steps: ChainStep[];
}

/** A chain that answers for its alpha: queued, running or done. A failed or cancelled one is retried. */
const STANDING: ReadonlySet<JobState> = new Set(['QUEUED', 'RUNNING', 'SUCCEEDED']);

/**
 * The chain that answers for each of these alphas of a study, when one does: the newest chain
 * queued, running or succeeded (an alpha posted before evaluate was idempotent may have several).
 */
export async function standingChains(
  client: Queryable,
  studyId: number,
  alphas: readonly number[],
): Promise<Map<number, AlphaChain>> {
  const { rows } = await client.query<{
    id: number;
    kind: JobKind;
    alpha: number;
    depends_on_id: number | null;
    state: JobState;
  }>(
    `SELECT id, kind, alpha, depends_on_id, state::text AS state FROM pipeline_job
     WHERE study_id = $1 AND alpha = ANY($2::float8[]) ORDER BY id`,
    [studyId, alphas],
  );
  // A step is inserted after the one it waits for, so in id order its chain's first step is known.
  const firstOf = new Map<number, number>();
  const chains = new Map<number, { alpha: number; steps: ChainStep[] }>();
  for (const r of rows) {
    const first = (r.depends_on_id !== null && firstOf.get(r.depends_on_id)) || r.id;
    firstOf.set(r.id, first);
    if (!chains.has(first)) chains.set(first, { alpha: r.alpha, steps: [] });
    chains.get(first)!.steps.push({ id: r.id, kind: r.kind, state: r.state });
  }
  const standing = new Map<number, AlphaChain>();
  // Oldest first, so the newest standing chain of an alpha is the one kept.
  for (const { alpha, steps } of chains.values()) {
    const state = chainStateOf(steps.map((s) => s.state));
    if (STANDING.has(state)) standing.set(alpha, { state, steps });
  }
  return standing;
}

/** How many alphas of a study have a chain queued or running (what the per-study cap counts). */
export async function countQueuedAlphas(client: Queryable, studyId: number): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(DISTINCT alpha)::int AS n FROM pipeline_job WHERE study_id = $1 AND alpha IS NOT NULL AND state IN ('QUEUED', 'RUNNING')`,
    [studyId],
  );
  return rows[0]!.n;
}

/** The alphas of a study with a chain queued or running: suggestions leave them out. */
export async function activeAlphas(client: Queryable, studyId: number): Promise<number[]> {
  const { rows } = await client.query<{ alpha: number }>(
    `SELECT DISTINCT alpha FROM pipeline_job WHERE study_id = $1 AND alpha IS NOT NULL AND state IN ('QUEUED', 'RUNNING') ORDER BY alpha`,
    [studyId],
  );
  return rows.map((r) => r.alpha);
}
