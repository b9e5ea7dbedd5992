import 'server-only';
import { compareCheckpoints, findCheckpoint, triageRecords, type TriageRecord } from '@frontier/core';
import type { TriageQuery } from '../lib/triage/triage-api';
import { HttpError } from './http-error';
import { getStudyData } from './study-data';

/** Every compared problem of checkpoints a and b (by alpha or name), in queue order. */
export async function getTriageRows(studyId: number, query: TriageQuery): Promise<TriageRecord[]> {
  const { a, b, q, solved, ...filters } = query;
  const data = await getStudyData(studyId, filters);
  const side = (key: 'a' | 'b', spec: string) => {
    const found = findCheckpoint(data, spec);
    if (!found.ok)
      throw new HttpError(400, `invalid query parameter '${key}': ${found.message}`, [
        { path: `query.${key}`, message: found.message },
      ]);
    return found.index;
  };
  return triageRecords(compareCheckpoints(data, side('a', a), side('b', b), { rule: solved, threshold: q }));
}
