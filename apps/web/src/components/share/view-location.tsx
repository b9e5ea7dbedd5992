'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

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

/** Gives the views below a read-only location: `path` and a local copy of `search`. */
export function SharedLocationProvider({ path, search, children }: { path: string; search: URLSearchParams; children: ReactNode }) {
  const [current, setCurrent] = useState(() => search.toString());
  const value = useMemo<ViewLocation>(
    () => ({
      pathname: path,
      searchParams: new URLSearchParams(current),
      replace: (next) => setCurrent(next.replace(/^\?/, '')),
      readOnly: true,
    }),
    [path, current],
  );
  return <SharedLocation.Provider value={value}>{children}</SharedLocation.Provider>;
}
