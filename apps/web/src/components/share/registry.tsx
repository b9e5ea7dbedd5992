'use client';

import type { ComponentType } from 'react';
import type { Facets } from '@/lib/api-types';
import type { StudyData } from '@/lib/study-data';
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
  readOnly: true;
}

/**
 * Views that /s/[token] can render, by path below /studies/<id>. To make a view shareable, add
 * its component here (it must render read-only from these props, no fetches of its own data)
 * and, if it reads more than its filters' dataset, a VIEW_DATASETS entry in lib/share.ts.
 */
export const SHARED_VIEWS: Partial<Record<string, ComponentType<SharedViewProps>>> = {
  '': SharedFrontier,
};
