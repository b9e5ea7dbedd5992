'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { SeriesInput } from '@/lib/frontier/frontier-model';
import { jobsQuery } from '@/lib/jobs/job-queries';
import { defaultRange } from '@frontier/core';
import type { SuggestView } from '@/lib/frontier/suggest-state';
import { activeAlphas, measuredSuggestions, suggestionSource, type SuggestionResult } from '@/lib/suggest/suggestions';

export interface Suggestions {
  /** What was asked (the panel's count and range, the view's k). */
  k: number;
  count: number;
  /** The range used: the URL's, or core's default for these data. */
  range: [number, number];
  /** True when the URL gives no range: the default applies, as in `frontier suggest` without --range. */
  defaultRange: boolean;
  /** The curve's inference setting and model scale (null: the study has none to name). */
  setting: string | null;
  scale: string | null;
  /** Alphas left out because their chains are queued or running. */
  exclude: number[];
  result: SuggestionResult;
}

interface Options {
  studyId: number;
  datasets: readonly SeriesInput[];
  scaleFilter: string | undefined;
  k: number;
  view: SuggestView | undefined;
  /** The live study (not a shared link): queued and running alphas are read from the Jobs API. */
  live: boolean;
}

const noSubscription = () => () => {};

/** What a set of datasets holds: equal keys, equal numbers (study, data version, filters, setting). */
const contentKey = (datasets: readonly SeriesInput[]) =>
  datasets
    .map(({ setting, data }) => JSON.stringify([setting, data.studyId, data.dataVersion, data.filters]))
    .join('\n');

/**
 * The first datasets seen with this content. A navigation hands the view new objects holding the
 * same numbers (the page's server render re-hydrates the query cache): that recomputes nothing here.
 */
function useSameContent(datasets: readonly SeriesInput[]): readonly SeriesInput[] {
  const key = contentKey(datasets);
  const [kept, setKept] = useState({ key, datasets });
  if (kept.key === key) return kept.datasets;
  setKept({ key, datasets });
  return datasets;
}

/**
 * The refinement policy's answer for the open panel, computed only when something it reads
 * changes (data, k, count, range, the set of queued alphas): never on an alpha step, and not at
 * all while the panel is closed. The jobs list is the one the study header already polls; until
 * it arrives nothing is excluded. Browser only: the server's floating point may differ from the
 * browser's in the last bits, and a link must show the same numbers on every visit.
 */
export function useSuggestions({ studyId, datasets, scaleFilter, k, view, live }: Options): Suggestions | null {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const open = view !== undefined && inBrowser;
  const jobs = useQuery({ ...jobsQuery(studyId), enabled: open && live });
  // A string, so a poll that returns the same queued alphas changes nothing downstream.
  const excludeKey = useMemo(() => activeAlphas(jobs.data ?? []).join(','), [jobs.data]);
  const stable = useSameContent(datasets);
  const source = useMemo(() => (open ? suggestionSource(stable, scaleFilter) : null), [open, stable, scaleFilter]);
  const [lo, hi] = view?.range ?? [];
  const count = view?.count;

  return useMemo(() => {
    if (!source || count === undefined) return null;
    const exclude = excludeKey === '' ? [] : excludeKey.split(',').map(Number);
    const asked = lo !== undefined && hi !== undefined ? ([lo, hi] as [number, number]) : undefined;
    const request = { k, count, range: asked, exclude };
    const where = source.ok ? { setting: source.setting, scale: source.scale } : { setting: null, scale: null };
    const result = source.ok ? measuredSuggestions(source.points, request) : source;
    const range = result.ok
      ? result.refinement.range
      : (asked ?? defaultRange(source.ok ? source.points.map((p) => p.alpha) : []));
    return { ...request, range, defaultRange: asked === undefined, ...where, result };
  }, [source, k, count, lo, hi, excludeKey]);
}
