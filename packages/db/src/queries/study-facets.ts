import { compareDifficulties } from '@frontier/core';
import type { Db } from '../client';
import { RELEASE_DAY_SQL } from './release-window-sql';

/** The values a study's filters can take, in display order. */
export interface StudyFacets {
  difficulties: string[];
  settings: string[];
  scales: string[];
  /**
   * The study's problems (those with aggregated results) by UTC release day, earliest first, with
   * `day` null for the problems without a date: what the release-window control draws. Absent in
   * facets pinned by shares made before release windows existed.
   */
  releaseDays?: { day: string | null; problems: number }[];
}

// Only values that have aggregated results, in one round trip: raw SQL for the UNION.
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

const RELEASE_DAYS_SQL = `
  SELECT to_char(${RELEASE_DAY_SQL}, 'YYYY-MM-DD') AS day, count(*)::int AS problems
  FROM problem p
  WHERE p.id IN (SELECT a.problem_id FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id
                 JOIN run_problem_aggregate a ON a.run_id = r.id WHERE c.study_id = $1)
    AND NOT EXISTS (SELECT 1 FROM problem_exclusion x WHERE x.study_id = $1 AND x.problem_id = p.id)
  GROUP BY 1 ORDER BY 1 NULLS FIRST`;

/** Model scales by size when they look like "7B", "32B", "1.5B"; otherwise alphabetically. */
function compareScales(a: string, b: string): number {
  const size = (s: string) => Number.parseFloat(s) || Number.POSITIVE_INFINITY;
  return size(a) - size(b) || a.localeCompare(b);
}

/** Difficulties easiest first, settings alphabetically, scales by size. Empty for an unknown study. */
export async function listStudyFacets(db: Db, studyId: number): Promise<StudyFacets> {
  const [{ rows }, days] = await Promise.all([
    db.pool.query<{ facet: string; value: string }>(FACETS_SQL, [studyId]),
    db.pool.query<{ day: string | null; problems: number }>(RELEASE_DAYS_SQL, [studyId]),
  ]);
  const values = (facet: string) => rows.filter((r) => r.facet === facet).map((r) => r.value);
  return {
    difficulties: values('difficulty').sort(compareDifficulties),
    settings: values('setting').sort(),
    scales: values('scale').sort(compareScales),
    releaseDays: days.rows,
  };
}
