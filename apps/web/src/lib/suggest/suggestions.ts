import { alphaPointsOf, isActiveJobState, suggestAlphas, type AlphaPoint, type Refinement } from '@frontier/core';
import type { JobSummary } from '../jobs/job-summary';
import type { SeriesInput } from '../frontier/frontier-model';

// What the Frontier tab's "Suggest next alphas" feeds the refinement policy (@frontier/core
// refine/): the one curve it reads (one inference setting, one model scale, as the filters pick),
// and which alphas are already on their way. Pure, so the view memoises it per input.

export type SuggestionSource =
  { ok: true; points: AlphaPoint[]; setting: string | null; scale: string | null } | { ok: false; message: string };

const list = (values: readonly string[]) => values.map((v) => v || '(unnamed)').join(', ');

/** The curve to refine, or why the filters do not pick one yet. */
export function suggestionSource(datasets: readonly SeriesInput[], scaleFilter: string | undefined): SuggestionSource {
  if (datasets.length !== 1) {
    const settings = datasets.map((d) => d.setting ?? '');
    return {
      ok: false,
      message: `This study has ${datasets.length} inference settings (${list(settings)}) and pass@k along alpha is one curve per setting: choose an inference setting in the filter bar above.`,
    };
  }
  const { setting, data } = datasets[0]!;
  const scales = [...new Set(data.checkpoints.map((c) => c.scale))].sort();
  if (scaleFilter === undefined && scales.length > 1) {
    return {
      ok: false,
      message: `These data hold ${scales.length} model scales (${list(scales)}) and pass@k along alpha is one curve per scale: choose a model scale in the filter bar above.`,
    };
  }
  const points = alphaPointsOf(data, scaleFilter);
  return points.ok ? { ok: true, points: points.points, setting, scale: points.scale } : points;
}

export interface SuggestRequest {
  k: number;
  count: number;
  /** Absent: core's default range, as `frontier suggest` without --range. */
  range?: [number, number];
  exclude: readonly number[];
}

export type SuggestionResult = { ok: true; refinement: Refinement } | { ok: false; message: string };

/**
 * The policy's answer with core's defaults for what is not asked (range, seed): the same as
 * `frontier suggest` prints for the same data. Options it refuses become a message, never a throw.
 */
export function computeSuggestions(points: readonly AlphaPoint[], request: SuggestRequest): SuggestionResult {
  try {
    return { ok: true, refinement: suggestAlphas(points, request) };
  } catch (err) {
    if (err instanceof RangeError) return { ok: false, message: err.message };
    throw err;
  }
}

/**
 * computeSuggestions, timed in the browser's performance timeline as 'suggest-compute': what a
 * computation costs and how often it runs (the e2e checks that an alpha step adds none).
 */
export function measuredSuggestions(points: readonly AlphaPoint[], request: SuggestRequest): SuggestionResult {
  if (typeof window === 'undefined') return computeSuggestions(points, request);
  const start = performance.now();
  const result = computeSuggestions(points, request);
  performance.measure('suggest-compute', { start });
  return result;
}

/** Alphas whose chains are queued or running, ascending: the policy must not propose them again. */
export function activeAlphas(jobs: readonly JobSummary[]): number[] {
  const alphas = jobs.flatMap((j) => (j.alpha !== null && isActiveJobState(j.state) ? [j.alpha] : []));
  return [...new Set(alphas)].sort((a, b) => a - b);
}
