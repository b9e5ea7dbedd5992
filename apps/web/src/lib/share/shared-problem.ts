import {
  cellIndex,
  COUNT_FIELDS,
  type CountField,
  type StudyData,
  type StudyDataCheckpoint,
  type StudyDataProblem,
} from '@frontier/core';
import { studyIdSchema } from '../study/study-id';

// A problem opened inside a shared link (/s/TOKEN?problem=ID&checkpoint=ID): what the link pinned
// for it, which is its counts per checkpoint in the pinned study data. Samples, statements and
// per-test records are not pinned (a link holds aggregates only).

export type SharedProblemParams =
  | { ok: true; problem: StudyDataProblem; problemIndex: number; checkpointId: number | null }
  | { ok: false; message: string };

type Param = string | string[] | undefined;

/** ?problem= and ?checkpoint= checked against the data the link shows; the message names the parameter at fault. */
export function parseSharedProblem(
  problem: Param,
  checkpoint: Param,
  data: Pick<StudyData, 'problems' | 'checkpoints'>,
): SharedProblemParams {
  const id = (name: string, value: Param): { ok: true; id: number } | { ok: false; message: string } => {
    const parsed = studyIdSchema.safeParse(value);
    if (parsed.success) return { ok: true, id: parsed.data };
    const shown = Array.isArray(value) ? value.map((v) => JSON.stringify(v)).join(', ') : JSON.stringify(value);
    return { ok: false, message: `${name} ${parsed.error.issues[0]?.message ?? 'is invalid'} (got ${shown})` };
  };
  const p = id('problem', problem);
  if (!p.ok) return p;
  const problemIndex = data.problems.findIndex((q) => q.id === p.id);
  if (problemIndex < 0)
    return {
      ok: false,
      message: `problem ${p.id} is not in the data this link shows (it shows ${data.problems.length} problems)`,
    };
  if (checkpoint === undefined)
    return { ok: true, problem: data.problems[problemIndex]!, problemIndex, checkpointId: null };
  const c = id('checkpoint', checkpoint);
  if (!c.ok) return c;
  if (!data.checkpoints.some((k) => k.id === c.id))
    return { ok: false, message: `checkpoint ${c.id} is not in the data this link shows` };
  return { ok: true, problem: data.problems[problemIndex]!, problemIndex, checkpointId: c.id };
}

export interface ProblemCountsRow {
  checkpoint: StudyDataCheckpoint;
  /** n = -1 where no run of the checkpoint has data for the problem. */
  counts: Record<CountField, number>;
}

/** The problem's counts per checkpoint, in the data's checkpoint order (scale, then alpha). */
export function problemCounts(data: StudyData, problemIndex: number): ProblemCountsRow[] {
  return data.checkpoints.map((checkpoint, c) => {
    const i = cellIndex(data, c, problemIndex);
    const counts = Object.fromEntries(COUNT_FIELDS.map((f) => [f, data.counts[f][i]!])) as Record<CountField, number>;
    return { checkpoint, counts };
  });
}
