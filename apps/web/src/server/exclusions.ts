import 'server-only';
import {
  excludeProblems,
  getStudySummary,
  includeProblems,
  InvalidInputError,
  listExclusions,
  type ExclusionChange,
} from '@frontier/db';
import type { ExcludeBody, ExclusionsResponse, IncludeBody } from '../lib/exclusions/exclusions-api';
import { getDb } from './db';
import { HttpError, notFound } from './http-error';
import type { Identity } from './identity';

// A study's excluded problems for the API: the same functions `frontier exclude` calls locally.

async function knownStudy(studyId: number) {
  const db = await getDb();
  if (!(await getStudySummary(db, studyId))) throw notFound(`no study with id ${studyId}`);
  return db;
}

/** Problems the study does not have, or a bad reason: a 400 naming them; nothing is changed. */
async function change(work: () => Promise<ExclusionChange>): Promise<ExclusionChange> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof InvalidInputError) throw new HttpError(400, err.message);
    throw err;
  }
}

export async function studyExclusions(studyId: number): Promise<ExclusionsResponse> {
  const rows = await listExclusions(await knownStudy(studyId), studyId);
  return { exclusions: rows.map((x) => ({ ...x, at: x.at.toISOString() })) };
}

export async function exclude(studyId: number, body: ExcludeBody, caller: Identity): Promise<ExclusionChange> {
  const db = await knownStudy(studyId);
  const items = body.problems.map((p) => ({ externalId: p.id, reason: p.reason }));
  return change(() => excludeProblems(db, studyId, items, caller.userId));
}

export async function include(studyId: number, body: IncludeBody): Promise<ExclusionChange> {
  const db = await knownStudy(studyId);
  return change(() => includeProblems(db, studyId, body.problems));
}
