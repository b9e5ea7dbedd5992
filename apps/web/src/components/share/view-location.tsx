'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ProblemHref } from '@/lib/problem/problem-link';

/**
 * Where a study view keeps its state (filters, selections, sort): the page URL on a study's own
 * page, a local copy of the pinned view's query string in a shared link (the /s/ page's URL is
 * the token, and a reader's clicks must not rewrite what was shared).
 */
export interface ViewLocation {
  /** The view's path, /studies/<id>/<tab>, also in a shared link. */
  pathname: string;
  searchParams: URLSearchParams;
  /** Replaces the query string (`?a=1` or ''), without a server round trip. */
  replace: (search: string) => void;
  /** A shared link: no mutations, no filter changes (their data is not pinned), no Share button. */
  readOnly: boolean;
  /** Where a problem opens inside a shared link; absent on the study's page (the live drill-down). */
  problemHref?: ProblemHref;
}

const SharedLocation = createContext<ViewLocation | null>(null);

export function useViewLocation(): ViewLocation {
  const shared = useContext(SharedLocation);
  const pathname = usePathname();
  const searchParams = useSearchParams();
  if (shared) return shared;
  return {
    pathname,
    searchParams,
    // The native history API updates the URL (and useSearchParams) without the RSC request
    // that router.replace would make.
    replace: (search) => window.history.replaceState(null, '', `${pathname}${search}`),
    readOnly: false,
  };
}

interface SharedLocationProps {
  path: string;
  search: URLSearchParams;
  problemHref: ProblemHref;
  children: ReactNode;
}

/** Gives the views below a read-only location: `path`, a local copy of `search`, and where problems open. */
export function SharedLocationProvider({ path, search, problemHref, children }: SharedLocationProps) {
  const [current, setCurrent] = useState(() => search.toString());
  const value = useMemo<ViewLocation>(
    () => ({
      pathname: path,
      searchParams: new URLSearchParams(current),
      replace: (next) => setCurrent(next.replace(/^\?/, '')),
      readOnly: true,
      problemHref,
    }),
    [path, current, problemHref],
  );
  return <SharedLocation.Provider value={value}>{children}</SharedLocation.Provider>;
}
