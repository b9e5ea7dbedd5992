import { parseStudyConfig, type StudyConfig } from '@frontier/db';
import type { TaskContext } from '../tasks/context';

export async function studySettings(ctx: TaskContext, studyId: number): Promise<StudyConfig> {
  const { rows } = await ctx.db.pool.query<{ name: string; config: unknown }>('SELECT name, config FROM study WHERE id = $1', [studyId]);
  if (!rows[0]) throw new Error(`study ${studyId} no longer exists`);
  return parseStudyConfig(rows[0].config, `study "${rows[0].name}"`);
}

export function checkpointName(alpha: number, scale: string): string {
  return scale ? `${scale} alpha=${alpha}` : `alpha=${alpha}`;
}

/** The checkpoint of a study at this alpha (endpoints included), if it exists. */
export async function findCheckpoint(ctx: TaskContext, studyId: number, alpha: number, scale: string) {
  const { rows } = await ctx.db.pool.query<{ id: number; uri: string | null; role: string }>(
    `SELECT id, uri, role FROM checkpoint WHERE study_id = $1 AND alpha = $2 AND model_scale = $3 ORDER BY (role = 'MERGED') LIMIT 1`,
    [studyId, alpha, scale],
  );
  return rows[0];
}

/** The evaluation run of a checkpoint for this study's benchmark, setting and sampling. */
export async function ensureRun(ctx: TaskContext, checkpointId: number, cfg: StudyConfig): Promise<{ runId: number; benchmarkId: number }> {
  const { rows: b } = await ctx.db.pool.query<{ id: number }>('SELECT id FROM benchmark WHERE name = $1', [cfg.benchmark]);
  if (!b[0]) throw new Error(`benchmark "${cfg.benchmark}" is not in the database: import it first`);
  const sampling = { n: cfg.samplesPerProblem, seed: cfg.seed, backend: cfg.backend.kind, ...(cfg.backend.kind === 'openai' ? { model: cfg.backend.model, temperature: cfg.backend.temperature } : {}) };
  const key = JSON.stringify(Object.fromEntries(Object.entries(sampling).sort(([a], [z]) => (a < z ? -1 : 1))));
  const { rows } = await ctx.db.pool.query<{ id: number }>(
    `INSERT INTO eval_run (checkpoint_id, benchmark_id, setting, sampling, sampling_key) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (checkpoint_id, benchmark_id, setting, sampling_key) DO UPDATE SET setting = EXCLUDED.setting RETURNING id`,
    [checkpointId, b[0].id, cfg.setting, sampling, key],
  );
  return { runId: rows[0]!.id, benchmarkId: b[0].id };
}
