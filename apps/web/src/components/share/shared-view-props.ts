import type { Facets } from '@/lib/study/facets';
import type { ProblemHref } from '@/lib/problem/problem-link';
import type { PinnedQuery } from '@/lib/share/share';
import type { StudyData } from '@frontier/core';

/** What a shared view gets: the data it read when the link was made (or the current data). */
export interface SharedViewProps {
  studyId: number;
  /** The view's query string (filters and its own state such as ?alpha=). */
  search: URLSearchParams;
  /** The study data under the view's filters. */
  data: StudyData;
  /** Every dataset the view read, by `datasetKey(filters)` (see lib/share/share.ts). */
  datasets: Record<string, StudyData>;
  facets: Facets;
  /** Other query results the view read (triage evidence); empty when showing the current data. */
  queries: PinnedQuery[];
  /** Where a problem opens: inside the link (its pinned counts), never the live study. */
  problemHref: ProblemHref;
  readOnly: true;
}
