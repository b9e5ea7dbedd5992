'use client';

import { useMemo } from 'react';
import { parseStatsParams, type StatsParams } from '@/lib/stats/stats-params';

/** The view's solved rule and q threshold, one object per distinct URL value (so memos downstream recompute only when they change). */
export function useStatsParams(search: URLSearchParams): StatsParams {
  const solved = search.get('solved');
  const q = search.get('q');
  return useMemo(() => {
    const params = new URLSearchParams();
    if (solved !== null) params.set('solved', solved);
    if (q !== null) params.set('q', q);
    return parseStatsParams(params);
  }, [solved, q]);
}
