import type { BestAlpha, CheckpointRole, JobKind, JobRecord, JobState, RefineSettings } from '@frontier/core';

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
  /** The study's data version: moves with every aggregation (shared links pin it). */
  dataVersion: number;
}

// The domain words are @frontier/core's; re-exported because they are part of these shapes.
export type { CheckpointRole, JobKind, JobState };

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

export interface ApiErrorBody {
  error: { message: string; issues?: { path: string; message: string }[] };
}

// Pipeline jobs (merge -> generate -> judge -> aggregate per alpha), as /api/jobs sends them.

/** A job as /api/jobs sends it (times as ISO strings). */
/** What a refinement run asked and has done so far (a 'refine' job only). */
export interface RefineSummary {
  settings: RefineSettings;
  /** The alpha budget, a sample budget converted at the study's samples per alpha. */
  alphaBudget: number;
  /** Each round: the alphas it queued and the estimate it started from. */
  rounds: { alphas: number[]; best: BestAlpha | null }[];
  outcome?: { reason: 'target' | 'budget' | 'exhausted'; message: string; best: BestAlpha | null };
}

export type JobSummary = JobRecord<string> & { refine?: RefineSummary };

export interface JobsResponse {
  jobs: JobSummary[];
}

/** POST /api/studies/:id/evaluate: per alpha, the chain queued now or the one it already had. */
export interface EvaluateResponse {
  chains: {
    alpha: number;
    /** The chain's job ids in order: merge, generate, judge, aggregate. */
    jobIds: number[];
    /** The alpha already had this chain (queued, running or succeeded): nothing was queued. */
    existing: boolean;
    /** The chain's state in one word (QUEUED for one queued now). */
    state: JobState;
    jobs: { id: number; kind: JobKind; state: JobState }[];
  }[];
}

/** GET /api/studies/:id/facets: what the explorer needs before it reads data (filter values, pipeline progress). */
export interface StudyFacetsResponse {
  facets: Facets;
  /** Samples still waiting for the judge (the pipeline is running when > 0). */
  pending: number;
  dataVersion: number;
}
