import 'server-only';
import type { Facets } from '../lib/api-types';
import { getDb } from './db';
import { cachedByVersion, studyVersion } from './versioned-cache';

// Values the study's filters can take: only those that have aggregated results.
const FACETS_SQL = `
  SELECT 'difficulty' AS facet, p.difficulty AS value
  FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id
  JOIN run_problem_aggregate a ON a.run_id = r.id JOIN problem p ON p.id = a.problem_id
  WHERE c.study_id = $1 GROUP BY p.difficulty
  UNION ALL
  SELECT 'setting', r.setting FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id
  WHERE c.study_id = $1 GROUP BY r.setting
  UNION ALL
  SELECT 'scale', c.model_scale FROM checkpoint c
  WHERE c.study_id = $1 AND c.model_scale <> '' GROUP BY c.model_scale`;

// Difficulties in their natural order rather than alphabetically.
const DIFFICULTY_ORDER = ['easy', 'medium', 'hard'];

function byDifficulty(a: string, b: string): number {
  const rank = (d: string) => (DIFFICULTY_ORDER.includes(d) ? DIFFICULTY_ORDER.indexOf(d) : DIFFICULTY_ORDER.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** Model scales by size when they look like "7B", "32B", "1.5B"; otherwise alphabetically. */
function byScale(a: string, b: string): number {
  const size = (s: string) => Number.parseFloat(s) || Number.POSITIVE_INFINITY;
  return size(a) - size(b) || a.localeCompare(b);
}

export async function getFacets(studyId: number): Promise<Facets> {
  return cachedByVersion(`facets:${studyId}`, await studyVersion(studyId), () => readFacets(studyId));
}

async function readFacets(studyId: number): Promise<Facets> {
  const db = await getDb();
  const { rows } = await db.pool.query<{ facet: string; value: string }>(FACETS_SQL, [studyId]);
  const values = (facet: string) => rows.filter((r) => r.facet === facet).map((r) => r.value);
  return {
    difficulties: values('difficulty').sort(byDifficulty),
    settings: values('setting').sort(),
    scales: values('scale').sort(byScale),
  };
}
