import 'server-only';
import { randomBytes } from 'node:crypto';
import type { StudyData } from '@frontier/core';
import { countShares, deleteShare, findShare, insertShare, listShares, type StoredShare as Share } from '@frontier/db';
import { env } from '../env';
import {
  datasetKey,
  datasetsForView,
  parseView,
  SHARE_TOKEN_PATTERN,
  type CreateShareResponse,
  type ParsedView,
  type PinnedQuery,
  type SharePayload,
  type ShareListItem,
} from '../lib/share/share';
import { triageEvidenceQuery } from '../lib/triage/triage-evidence';
import { resolvePair } from '../lib/triage/triage-params';
import { getDb } from './db';
import { HttpError, notFound } from './http-error';
import type { Identity } from './identity';
import { getStudyDataJson } from './study-data';
import { getStudyFacets } from './study-facets';
import { getTriageEvidence } from './triage-evidence';

/** Pins a view of a study (see pinView) and stores it under a new token. */
export async function createShare(studyId: number, view: string, owner: Identity): Promise<CreateShareResponse> {
  const parsed = parseView(view, studyId);
  if (!parsed.ok)
    throw new HttpError(400, `invalid view: ${parsed.message}`, [{ path: 'body.view', message: parsed.message }]);
  if (owner.userId) {
    const quota = env().FRONTIER_SHARE_QUOTA;
    // A quota frees up only when the owner deletes links: no Retry-After would be honest.
    if ((await countShares(await getDb(), owner.userId)) >= quota)
      throw new HttpError(
        429,
        `you own ${quota} share links, the most allowed (FRONTIER_SHARE_QUOTA); delete some first`,
      );
  }
  const pinned = await pinView(studyId, parsed);
  const token = randomBytes(18).toString('base64url');
  await insertShare(await getDb(), {
    token,
    studyId,
    view: pinned.view,
    dataVersion: pinned.dataVersion,
    payloadJson: pinned.payloadJson,
    createdById: owner.userId,
  });
  return { token, url: `/s/${token}` };
}

/** A view pinned to the data of now: what a share stores, and what an offline copy of a live view holds. */
export interface PinnedView {
  /** The view's path and query, normalised. */
  view: string;
  dataVersion: number;
  /** A SharePayload as JSON. */
  payloadJson: string;
}

/**
 * Every dataset the view reads at the study's current data version, and its other reads. Built
 * from the cached JSON strings, so pinning a big study costs no parse/serialise round trip.
 */
export async function pinView(studyId: number, parsed: ParsedView & { ok: true }): Promise<PinnedView> {
  const meta = await getStudyFacets(studyId); // 404 for an unknown study
  const filters = datasetsForView(parsed.subpath, parsed.filters, meta.facets);
  const jsons = await Promise.all(filters.map((f) => getStudyDataJson(studyId, f)));
  // Every dataset must come from one data version; a write between the reads makes us say so.
  // The version is the JSON's second key (see StudyData): read it without parsing megabytes.
  const versions = new Set(jsons.map((j) => Number(/"dataVersion":(\d+)/.exec(j.slice(0, 100))?.[1])));
  if (versions.size > 1) throw new HttpError(409, 'the study data changed while the view was being pinned; try again');
  const [dataVersion] = versions;
  const queries = await pinnedQueries(studyId, parsed, jsons[0]!);
  return {
    view: `${parsed.path}${parsed.search.size ? `?${parsed.search.toString()}` : ''}`,
    dataVersion: dataVersion ?? meta.dataVersion,
    payloadJson: `{"facets":${JSON.stringify(meta.facets)},"datasets":{${filters.map((f, i) => `${JSON.stringify(datasetKey(f))}:${jsons[i]}`).join(',')}},"queries":${JSON.stringify(queries)}}`,
  };
}

/**
 * What a view reads besides the study data, under the keys it asks for them. The triage tab
 * reads the first-failing-tier evidence of its pair: the one in the view, else the default pair
 * the tab would pick from this data.
 */
async function pinnedQueries(
  studyId: number,
  view: ParsedView & { ok: true },
  dataJson: string,
): Promise<PinnedQuery[]> {
  if (view.subpath !== '/triage') return [];
  const { a, b, unknown } = resolvePair(view.search, (JSON.parse(dataJson) as StudyData).checkpoints);
  if (a === null || b === null || unknown.length > 0) return [];
  const evidence = await getTriageEvidence(studyId, { ...view.filters, a, b });
  return [{ key: triageEvidenceQuery(studyId, view.filters, a, b).queryKey, data: evidence }];
}

/** A stored share as the shared page renders it. */
export type StoredShare = Omit<Share, 'createdAt' | 'payload'> & { createdAt: string; payload: SharePayload };

export async function getShare(token: string): Promise<StoredShare> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw notFound('no such shared link');
  const share = await findShare(await getDb(), token);
  if (!share) throw notFound('no such shared link (it may have been deleted, or its study was)');
  // The payload is what createShare stored: a SharePayload.
  return { ...share, createdAt: share.createdAt.toISOString(), payload: share.payload as SharePayload };
}

/** Deletes a link: its owner or an admin may (local mode's owner is an admin). */
export async function removeShare(token: string, caller: Identity): Promise<{ deleted: string }> {
  const outcome = await deleteShare(await getDb(), token, { userId: caller.userId, admin: caller.role === 'admin' });
  if (outcome === 'missing') throw notFound('no such shared link (it may have been deleted already)');
  if (outcome === 'forbidden') throw new HttpError(403, "only the link's owner or an admin can delete it");
  return { deleted: token };
}

/** The caller's own links; an admin (local mode's owner too) sees every link. */
export async function listSharesOf(caller: Identity): Promise<{ shares: ShareListItem[]; all: boolean }> {
  const all = caller.role === 'admin';
  // A non-admin without an account cannot get here (the route needs `share`).
  const rows = await listShares(await getDb(), all ? 'all' : caller.userId!);
  return { all, shares: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
