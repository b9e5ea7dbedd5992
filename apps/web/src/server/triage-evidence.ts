import 'server-only';
import { findMissingCheckpoints, getFailTierHistograms } from '@frontier/db';
import { filtersToSearch } from '../lib/study/filters';
import type { EvidenceQuery, TriageEvidenceResponse } from '../lib/triage/triage-evidence';
import { getDb } from './db';
import { notFound } from './http-error';
import { getStudy } from './studies';
import { cachedByVersion, studyVersion } from './versioned-cache';

export async function getTriageEvidence(studyId: number, query: EvidenceQuery): Promise<TriageEvidenceResponse> {
  const { a, b, ...filters } = query;
  // Every filter in the key, the release window included: one cache entry per view.
  const key = `evidence:${studyId}:${a}:${b}${filtersToSearch(filters)}`;
  // studyVersion is also the 404 for an unknown study.
  return cachedByVersion(key, await studyVersion(studyId), () => readTriageEvidence(studyId, query));
}

async function readTriageEvidence(studyId: number, query: EvidenceQuery): Promise<TriageEvidenceResponse> {
  await getStudy(studyId);
  const db = await getDb();
  const ids = [...new Set([query.a, query.b])];
  const missing = await findMissingCheckpoints(db, studyId, ids);
  if (missing.length > 0) throw notFound(`no checkpoint ${missing.join(', ')} in study ${studyId}`);
  return { failTiers: await getFailTierHistograms(db, studyId, ids, query) };
}
