// Every API route, declared once: its method, path, who may call it, the Zod schemas its input
// is validated with and the schema of its success body. The route handlers (withRoute: its
// return is typed from `response`), the access check (proxy.ts) and the OpenAPI document
// (/api/openapi.json) all read this table, so none can drift from the others.
import type { Access } from '@frontier/core';
import { z } from 'zod';
import { evaluateBodySchema } from '@/lib/evaluate/alpha-input';
import { refineBodySchema } from '@/lib/evaluate/refine-input';
import { rejudgeBodySchema } from '@/lib/evaluate/rejudge-input';
import { studyFacetsResponseSchema } from '@/lib/study/facets';
import { filtersSchema } from '@/lib/study/filters';
import {
  cancelJobResponseSchema,
  evaluateResponseSchema,
  jobParamsSchema,
  jobResponseSchema,
  jobsQuerySchema,
  jobsResponseSchema,
  rejudgeResponseSchema,
} from '@/lib/jobs/jobs-api';
import {
  problemParamsSchema,
  problemQuerySchema,
  sampleParamsSchema,
  samplesQuerySchema,
} from '@/lib/problem/problem-params';
import {
  problemDetailResponseSchema,
  sampleDetailResponseSchema,
  sampleListResponseSchema,
} from '@/lib/problem/problem-types';
import {
  bundleQuerySchema,
  createShareResponseSchema,
  createShareSchema,
  deleteShareResponseSchema,
  shareListResponseSchema,
  shareParamsSchema,
} from '@/lib/share/share';
import { oembedQuerySchema, oembedResponseSchema } from '@/lib/share/oembed';
import { IMPORT_MEDIA_TYPES, importQuerySchema, importResponseSchema } from '@/lib/import/import-params';
import { studiesResponseSchema, studyResponseSchema } from '@/lib/study/studies-api';
import { studyDataSchema } from '@/lib/study/study-data-schema';
import { evidenceQuerySchema, triageEvidenceResponseSchema } from '@/lib/triage/triage-evidence';
import { triageQuerySchema, triageResponseSchema } from '@/lib/triage/triage-api';
import { exportQuerySchema } from '@/lib/study/export-params';
import {
  excludeBodySchema,
  exclusionChangeResponseSchema,
  exclusionsResponseSchema,
  includeBodySchema,
} from '@/lib/exclusions/exclusions-api';
import { studyParamsSchema } from '@/lib/study/study-id';

export type ApiMethod = 'GET' | 'POST' | 'DELETE';

interface RouteBase {
  method: ApiMethod;
  /** OpenAPI style: `/api/studies/{id}`. */
  path: string;
  access: Access;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body (application/json) validated with this schema. */
  body?: z.ZodType;
  /** A raw body streamed by the handler itself (an import), with its media types. */
  stream?: readonly string[];
  /** The success status codes (default [200]). */
  success?: readonly (200 | 201 | 202)[];
  /** The JSON body is also sent gzipped (application/gzip) to a client whose Accept asks for it. */
  gzip?: true;
}

/** A route answers JSON described by `response`, or a download of the media types in `produces`. */
export type ApiRoute = RouteBase &
  ({ response: z.ZodType; produces?: never } | { produces: readonly string[]; response?: never });

// GET /api/openapi.json's body, described by what every OpenAPI 3.1 document has (and more).
const openApiDocumentSchema = z
  .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) })
  .meta({ description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)' });

export const API = {
  health: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    response: z.strictObject({ ok: z.literal(true), warm: z.boolean() }),
    summary: 'The server is up and its database answers; `warm` tells whether its start-up warm-up has finished',
  },
  openapi: {
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    response: openApiDocumentSchema,
    summary: 'This document: every API route, its input, its auth and its errors',
  },
  studies: {
    method: 'GET',
    path: '/api/studies',
    access: 'read',
    response: studiesResponseSchema,
    summary: 'Every study with its checkpoint and sample counts',
  },
  study: {
    method: 'GET',
    path: '/api/studies/{id}',
    access: 'read',
    summary: 'One study with its checkpoint and sample counts',
    params: studyParamsSchema,
    response: studyResponseSchema,
  },
  studyData: {
    method: 'GET',
    path: '/api/studies/{id}/data',
    access: 'read',
    params: studyParamsSchema,
    query: filtersSchema,
    response: studyDataSchema,
    gzip: true,
    summary: 'Per (checkpoint, problem) verdict counts under the filters, columnar',
  },
  studyFacets: {
    method: 'GET',
    path: '/api/studies/{id}/facets',
    access: 'read',
    params: studyParamsSchema,
    response: studyFacetsResponseSchema,
    summary: 'Filter values, pending samples and the data version',
  },
  evidence: {
    method: 'GET',
    path: '/api/studies/{id}/evidence',
    access: 'read',
    params: studyParamsSchema,
    query: evidenceQuerySchema,
    response: triageEvidenceResponseSchema,
    summary: 'First-failing-tier histograms of two checkpoints, per problem (triage)',
  },
  triage: {
    method: 'GET',
    path: '/api/studies/{id}/triage',
    access: 'read',
    params: studyParamsSchema,
    query: triageQuerySchema,
    response: triageResponseSchema,
    summary:
      "Every problem two checkpoints (a, b: alpha or name) both have judged samples for, as [{problem_id, a_c, a_n, b_c, b_n, diff, diff_lo, diff_hi, p, q, significant, ...}] ordered by q then |diff|: Fisher's exact test per problem, Benjamini-Hochberg q over them (threshold q, default 0.05), solved rule `solved` (default rate-0.5)",
  },
  evaluate: {
    method: 'POST',
    path: '/api/studies/{id}/evaluate',
    access: 'write',
    params: studyParamsSchema,
    body: evaluateBodySchema,
    success: [200, 202],
    response: evaluateResponseSchema,
    summary:
      'Queue merge -> generate -> judge -> aggregate for each alpha; an alpha already queued, running or done is answered with its chain',
  },
  refine: {
    method: 'POST',
    path: '/api/studies/{id}/refine',
    access: 'write',
    params: studyParamsSchema,
    body: refineBodySchema,
    success: [202],
    response: jobResponseSchema,
    summary:
      'Queue an automatic refinement run: rounds of suggested alphas evaluated until the budget is spent or the best alpha is known to the target width; 409 while the study has one',
  },
  rejudge: {
    method: 'POST',
    path: '/api/studies/{id}/rejudge',
    access: 'write',
    params: studyParamsSchema,
    body: rejudgeBodySchema,
    success: [202],
    response: rejudgeResponseSchema,
    summary:
      "Queue judging the study's samples again with the current judge version, then aggregating them; the judge job reports how many verdicts changed, by class; 409 while the study is being re-judged",
  },
  exclusions: {
    method: 'GET',
    path: '/api/studies/{id}/exclusions',
    access: 'read',
    params: studyParamsSchema,
    response: exclusionsResponseSchema,
    summary: 'The problems the study leaves out of every number, with the reason, who excluded each and when',
  },
  exclude: {
    method: 'POST',
    path: '/api/studies/{id}/exclusions',
    access: 'write',
    params: studyParamsSchema,
    body: excludeBodySchema,
    response: exclusionChangeResponseSchema,
    summary:
      'Exclude problems (by id as the solve matrix shows it) with their reasons, all or none: 400 naming the ids the study does not have; excluding again updates the reason; bumps the data version',
  },
  include: {
    method: 'DELETE',
    path: '/api/studies/{id}/exclusions',
    access: 'write',
    params: studyParamsSchema,
    body: includeBodySchema,
    response: exclusionChangeResponseSchema,
    summary:
      'Count problems again (by id), all or none: 400 naming the ids the study does not have; bumps the data version when one was excluded',
  },
  studyExport: {
    method: 'GET',
    path: '/api/studies/{id}/export',
    access: 'read',
    params: studyParamsSchema,
    query: exportQuerySchema,
    produces: ['text/csv', 'application/vnd.apache.parquet'],
    summary:
      "The study's rows per (checkpoint, setting, problem), or with samples=1 per sample, as a CSV or Parquet download (Content-Disposition: attachment), streamed",
  },
  studyBundle: {
    method: 'GET',
    path: '/api/studies/{id}/bundle',
    access: 'read',
    params: studyParamsSchema,
    query: bundleQuerySchema,
    produces: ['text/html'],
    summary:
      'A study view pinned now (as a share would pin it, not stored) as one offline HTML file that opens from disk with no server (Content-Disposition: attachment)',
  },
  problem: {
    method: 'GET',
    path: '/api/studies/{id}/problems/{problemId}',
    access: 'read',
    params: problemParamsSchema,
    query: problemQuerySchema,
    response: problemDetailResponseSchema,
    summary: "A problem's metadata and its counts per checkpoint",
  },
  problemSamples: {
    method: 'GET',
    path: '/api/studies/{id}/problems/{problemId}/samples',
    access: 'read',
    params: problemParamsSchema,
    query: samplesQuerySchema,
    response: sampleListResponseSchema,
    summary: "One page of a problem's samples with verdicts",
  },
  sample: {
    method: 'GET',
    path: '/api/studies/{id}/problems/{problemId}/samples/{runId}/{idx}',
    access: 'read',
    params: sampleParamsSchema,
    response: sampleDetailResponseSchema,
    summary: "One sample's code and per-test results",
  },
  jobs: {
    method: 'GET',
    path: '/api/jobs',
    access: 'read',
    query: jobsQuerySchema,
    response: jobsResponseSchema,
    summary:
      'The newest pipeline jobs with their progress, times and who queued them (user, or web app or CLI), of one study or all',
  },
  job: {
    method: 'GET',
    path: '/api/jobs/{id}',
    access: 'read',
    params: jobParamsSchema,
    response: jobResponseSchema,
    summary: 'One pipeline job with its progress, attempts, last error, times and who queued it',
  },
  imports: {
    method: 'POST',
    path: '/api/imports',
    access: 'write',
    query: importQuerySchema,
    stream: Object.keys(IMPORT_MEDIA_TYPES),
    success: [200, 201],
    response: importResponseSchema,
    summary:
      "Import one LCB *_eval_all.json (application/json), JSONL file (application/x-ndjson), manifest with its files (tar, gzipped or not), or study archive (application/vnd.frontier.study-archive+gzip, from `frontier export STUDY --archive FILE`), streamed; 201 with the summary and the aggregation job, 200 when every file was already imported (or the archive's study is here already), 409 when an archive's study name is taken and no `as` is given",
  },
  cancelJob: {
    method: 'POST',
    path: '/api/jobs/{id}/cancel',
    access: 'write',
    params: jobParamsSchema,
    response: cancelJobResponseSchema,
    summary: 'Cancel a queued or running job and the steps after it',
  },
  createShare: {
    method: 'POST',
    path: '/api/shares',
    access: 'share',
    body: createShareSchema,
    success: [201],
    response: createShareResponseSchema,
    summary: 'Pin a view (path and query) and its data to a read-only link; returns { token, url }',
  },
  shares: {
    method: 'GET',
    path: '/api/shares',
    access: 'share',
    response: shareListResponseSchema,
    summary: "The caller's share links, newest first (an admin's: every link, with its owner)",
  },
  deleteShare: {
    method: 'DELETE',
    path: '/api/shares/{token}',
    access: 'share',
    params: shareParamsSchema,
    response: deleteShareResponseSchema,
    summary: 'Delete a share link (its owner or an admin)',
  },
  shareBundle: {
    method: 'GET',
    path: '/api/shares/{token}/bundle',
    access: 'public',
    params: shareParamsSchema,
    produces: ['text/html'],
    summary:
      'A share link as one offline HTML file that opens from disk with no server (Content-Disposition: attachment); public, as the link is',
  },
  oembed: {
    method: 'GET',
    path: '/api/oembed',
    access: 'public',
    query: oembedQuerySchema,
    response: oembedResponseSchema,
    summary:
      'oEmbed (https://oembed.com) of a share link: type rich, an <iframe> of /s/<token>/embed sized to maxwidth/maxheight, the preview image as thumbnail; 404 for a URL that is not a share of this site, 501 for a format other than json',
  },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API;

const compiled = Object.values(API as Record<string, ApiRoute>).map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+').replaceAll('.', '\\.')}/?$`),
}));

/** The declared route a request is for (HEAD as GET), or undefined. */
export function findApiRoute(method: string, pathname: string): ApiRoute | undefined {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return compiled.find((c) => c.route.method === m && c.pattern.test(pathname))?.route;
}

/**
 * What a request needs. Pages need an account except the sign-in page and share links; Better
 * Auth's own endpoints are public (they check their own input); an API path missing from the
 * table needs an admin, so a route someone forgot to declare fails closed.
 */
export function requiredAccess(method: string, pathname: string): Access {
  if (pathname.startsWith('/api/auth/')) return 'public';
  if (pathname === '/api' || pathname.startsWith('/api/')) return findApiRoute(method, pathname)?.access ?? 'admin';
  if (pathname === '/sign-in' || pathname.startsWith('/s/')) return 'public';
  return 'read';
}
