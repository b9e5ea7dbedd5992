import 'server-only';
import type { CheckpointRole, FrontierPoint, FrontierResponse } from '../lib/api-types';
import { filtersToSearch, type Filters } from '../lib/filters';
import { checkpointRates, type ProblemOutcomeCounts } from '@frontier/core';
import { getDb } from './db';
import { getFacets } from './facets';
import { getStudy } from './studies';
import { cachedByVersion, studyVersion } from './versioned-cache';

// Per checkpoint and problem, the verdict counts of every run that matches the filters, pooled
// (runs of several settings or sampling keys add up when no setting is chosen). Which verdicts
// are correctness or optimization failures is @frontier/core's business, not this query's.
const COUNTS_SQL = `
  SELECT c.id AS checkpoint_id, c.name, c.role::text AS role, c.alpha, c.model_scale,
         sum(a.n)::int AS n, sum(a.solved)::int AS solved,
         sum(a.wa)::int AS wa, sum(a.tle)::int AS tle, sum(a.mle)::int AS mle,
         sum(a.re)::int AS re, sum(a.ce)::int AS ce, sum(a.ole)::int AS ole
  FROM checkpoint c
  JOIN eval_run r ON r.checkpoint_id = c.id
  JOIN run_problem_aggregate a ON a.run_id = r.id
  JOIN problem p ON p.id = a.problem_id
  WHERE c.study_id = $1
    AND ($2::text IS NULL OR p.difficulty = $2)
    AND ($3::text IS NULL OR r.setting = $3)
    AND ($4::text IS NULL OR c.model_scale = $4)
  GROUP BY c.id, a.problem_id`;

// Checkpoints the filters select, with or without data: the scale filter is the only one on checkpoints.
const CHECKPOINTS_IN_SCALE_SQL = `
  SELECT count(*)::int AS count FROM checkpoint WHERE study_id = $1 AND ($2::text IS NULL OR model_scale = $2)`;

interface CountsRow {
  checkpoint_id: number;
  n: number;
  solved: number;
  wa: number;
  tle: number;
  mle: number;
  re: number;
  ce: number;
  ole: number;
  name: string;
  role: CheckpointRole;
  alpha: number | null;
  model_scale: string;
}

/** Endpoints without a stored alpha sit at their conventional place on the line. */
function alphaOf(row: CountsRow): number | null {
  if (row.alpha !== null) return row.alpha;
  if (row.role === 'LOW') return 0;
  if (row.role === 'HIGH') return 1;
  return null;
}

function outcome(row: CountsRow): ProblemOutcomeCounts {
  const { n, solved, wa, tle, mle, re, ce, ole } = row;
  return { n, solved, counts: { WA: wa, TLE: tle, MLE: mle, RE: re, CE: ce, OLE: ole } };
}

function toPoints(rows: readonly CountsRow[]): FrontierPoint[] {
  const byCheckpoint = new Map<number, CountsRow[]>();
  for (const row of rows) {
    const list = byCheckpoint.get(row.checkpoint_id);
    if (list) list.push(row);
    else byCheckpoint.set(row.checkpoint_id, [row]);
  }
  const points: FrontierPoint[] = [];
  for (const [checkpointId, problems] of byCheckpoint) {
    const first = problems[0]!;
    const rates = checkpointRates(problems.map(outcome));
    if (rates.problems === 0) continue;
    points.push({
      checkpointId,
      name: first.name,
      role: first.role,
      alpha: alphaOf(first),
      scale: first.model_scale,
      ...rates,
      n: problems.reduce((sum, p) => sum + p.n, 0),
    });
  }
  return points.sort(
    (a, b) => a.scale.localeCompare(b.scale) || (a.alpha ?? -Infinity) - (b.alpha ?? -Infinity) || a.checkpointId - b.checkpointId,
  );
}

/** The frontier of one study under the filters, with the facets the filters can take. */
export async function getFrontier(studyId: number, filters: Filters): Promise<FrontierResponse> {
  return cachedByVersion(`frontier:${studyId}${filtersToSearch(filters)}`, await studyVersion(studyId), () => readFrontier(studyId, filters));
}

async function readFrontier(studyId: number, filters: Filters): Promise<FrontierResponse> {
  const study = await getStudy(studyId);
  const db = await getDb();
  const [counts, inScale, facets] = await Promise.all([
    db.pool.query<CountsRow>(COUNTS_SQL, [studyId, filters.difficulty ?? null, filters.setting ?? null, filters.scale ?? null]),
    db.pool.query<{ count: number }>(CHECKPOINTS_IN_SCALE_SQL, [studyId, filters.scale ?? null]),
    getFacets(studyId),
  ]);
  const points = toPoints(counts.rows);
  return {
    study: { id: study.id, name: study.name, description: study.description, origin: study.origin },
    filters,
    facets,
    points,
    checkpointsWithoutData: inScale.rows[0]!.count - points.length,
  };
}
