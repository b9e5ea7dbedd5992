import type { Filters } from './filters';

// JSON shapes of the API responses, shared by route handlers, server prefetch and the browser.

export type Origin = 'import' | 'synthetic' | 'demo' | (string & {});

export interface StudySummary {
  id: number;
  name: string;
  description: string;
  origin: Origin;
  createdAt: string;
  checkpoints: number;
  /** Judged samples (IE and pending excluded), summed from run_problem_aggregate. */
  samples: number;
  /** Samples still waiting for the judge. */
  pending: number;
}

export type CheckpointRole = 'INIT' | 'LOW' | 'HIGH' | 'MERGED';

export interface FrontierPoint {
  checkpointId: number;
  name: string;
  role: CheckpointRole;
  /** Null for a checkpoint that is not on the alpha line (e.g. the initialisation). */
  alpha: number | null;
  scale: string;
  solveRate: number;
  correctnessRate: number;
  optimizationRate: number;
  /** Problems that entered the means (those with at least one judged sample). */
  problems: number;
  /** Judged samples behind the point. */
  n: number;
}

export interface Facets {
  difficulties: string[];
  settings: string[];
  scales: string[];
}

export interface FrontierResponse {
  study: Pick<StudySummary, 'id' | 'name' | 'description' | 'origin'>;
  filters: Filters;
  facets: Facets;
  /** One per checkpoint with data under the filters, sorted by scale, then alpha. */
  points: FrontierPoint[];
  /** Checkpoints of the study without any judged sample under the filters. */
  checkpointsWithoutData: number;
}

export interface ApiErrorBody {
  error: { message: string; issues?: { path: string; message: string }[] };
}
