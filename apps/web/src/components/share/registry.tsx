'use client';

import type { ComponentType } from 'react';
import { EnsemblesView } from '@/components/ensembles/ensembles-view';
import { MatrixView } from '@/components/matrix/matrix-view';
import { TriageView } from '@/components/triage/triage-view';
import type { Facets } from '@/lib/api-types';
import type { PinnedQuery } from '@/lib/share';
import type { StudyData } from '@/lib/study-data';
import { pinnedStudyView } from './pinned-study-view';
import { SharedFrontier } from './shared-frontier';

/** What a shared view gets: the data it read when the link was made (or the current data). */
export interface SharedViewProps {
  studyId: number;
  /** The view's query string (filters and its own state such as ?alpha=). */
  search: URLSearchParams;
  /** The study data under the view's filters. */
  data: StudyData;
  /** Every dataset the view read, by `datasetKey(filters)` (see lib/share.ts). */
  datasets: Record<string, StudyData>;
  facets: Facets;
  /** Other query results the view read (triage evidence); empty when showing the current data. */
  queries: PinnedQuery[];
  readOnly: true;
}

/**
 * Views that /s/[token] can render, by path below /studies/<id>. To make a view shareable, add
 * its component here: either one that renders read-only from these props, or the tab itself
 * wrapped by `pinnedStudyView` (its queries answered from the pinned data, its URL state local,
 * `useViewLocation().readOnly` set). A view that reads more than its filters' dataset adds a
 * VIEW_DATASETS entry (or pinned queries, see server/shares.ts) in lib/share.ts.
 */
export const SHARED_VIEWS: Partial<Record<string, ComponentType<SharedViewProps>>> = {
  '': SharedFrontier,
  '/matrix': pinnedStudyView('/matrix', MatrixView),
  '/triage': pinnedStudyView('/triage', TriageView),
  '/ensembles': pinnedStudyView('/ensembles', EnsemblesView),
};
