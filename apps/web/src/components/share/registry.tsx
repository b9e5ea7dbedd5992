'use client';

import type { ComponentType } from 'react';
import { EnsemblesView } from '@/components/ensembles/ensembles-view';
import { MatrixView } from '@/components/matrix/matrix-view';
import { TriageView } from '@/components/triage/triage-view';
import { pinnedStudyView } from './pinned-study-view';
import { SharedFrontier } from './shared-frontier';
import type { SharedViewProps } from './shared-view-props';

/**
 * Views that /s/[token] can render, by path below /studies/<id>. To make a view shareable, add
 * its component here: either one that renders read-only from `SharedViewProps`, or the tab itself
 * wrapped by `pinnedStudyView` (its queries answered from the pinned data, its URL state local,
 * `useViewLocation().readOnly` set). A view that reads more than its filters' dataset adds a
 * VIEW_DATASETS entry (or pinned queries, see server/shares.ts) in lib/share/share.ts.
 */
export const SHARED_VIEWS: Partial<Record<string, ComponentType<SharedViewProps>>> = {
  '': SharedFrontier,
  '/matrix': pinnedStudyView('/matrix', MatrixView),
  '/triage': pinnedStudyView('/triage', TriageView),
  '/ensembles': pinnedStudyView('/ensembles', EnsemblesView),
};
