import type { CheckpointRole } from '../src/checkpoint-role';
import { COUNT_FIELDS, type StudyData } from '../src/study-data';

// Study data for tests of the views' maths: checkpoints on the alpha line, and per checkpoint
// one (solved, judged) pair per problem; n = -1 marks a cell without run data.

export interface FixtureCheckpoint {
  alpha: number | null;
  role?: CheckpointRole;
  name?: string;
  scale?: string;
  /** [c, n] per problem. */
  cells: readonly (readonly [number, number])[];
}

export function fixtureStudyData(checkpoints: readonly FixtureCheckpoint[], problemIds?: readonly string[]): StudyData {
  const problemCount = checkpoints[0]?.cells.length ?? 0;
  const ids = problemIds ?? Array.from({ length: problemCount }, (_, p) => `p${String(p).padStart(4, '0')}`);
  const counts = Object.fromEntries(COUNT_FIELDS.map((f) => [f, [] as number[]])) as StudyData['counts'];
  for (const cp of checkpoints) {
    if (cp.cells.length !== problemCount) throw new Error('every checkpoint needs one cell per problem');
    for (const [c, n] of cp.cells) {
      for (const f of COUNT_FIELDS)
        counts[f].push(f === 'n' ? n : f === 'solved' ? Math.max(c, 0) : f === 'wa' ? Math.max(n - c, 0) : 0);
    }
  }
  return {
    studyId: 1,
    dataVersion: 1,
    filters: {},
    checkpoints: checkpoints.map((cp, i) => ({
      id: i + 1,
      name: cp.name ?? `alpha=${cp.alpha}`,
      role: cp.role ?? (cp.alpha === 0 ? 'LOW' : cp.alpha === 1 ? 'HIGH' : 'MERGED'),
      alpha: cp.alpha,
      scale: cp.scale ?? '7B',
    })),
    problems: ids.map((externalId, i) => ({
      id: i + 1,
      externalId,
      title: `Problem ${externalId}`,
      difficulty: 'hard',
    })),
    counts,
  };
}
