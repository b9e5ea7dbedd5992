// Where a problem's drill-down opens. On a study's own page: the live drill-down, keeping the
// setting and scale filters (they narrow its counts). In a shared link: the problem inside the
// link (/s/TOKEN?problem=ID), so a reader never leaves the snapshot without choosing to.

/** The href of a problem's view, selecting a checkpoint when given. */
export type ProblemHref = (problemId: number, checkpointId?: number) => string;

/** The live drill-down of a study's problems; the filters' part of the query is encoded once. */
export function liveProblemHref(studyId: number, scope: { setting?: string; scale?: string }): ProblemHref {
  const params = new URLSearchParams();
  if (scope.setting) params.set('setting', scope.setting);
  if (scope.scale) params.set('scale', scope.scale);
  const kept = params.toString();
  return (problemId, checkpointId) => {
    const query = [kept, checkpointId === undefined ? '' : `checkpoint=${checkpointId}`].filter(Boolean).join('&');
    return `/studies/${studyId}/problems/${problemId}${query ? `?${query}` : ''}`;
  };
}

/** The page of a shared link: the full page, or the embed other sites frame. */
export function sharedPagePath(token: string, page: 'share' | 'embed' = 'share'): string {
  return page === 'embed' ? `/s/${token}/embed` : `/s/${token}`;
}

/**
 * A problem inside the shared view at `home` (/s/TOKEN; its embed, which must not leave the frame's
 * page; or an offline copy's hash): its pinned counts, read-only.
 */
export function sharedProblemHref(home: string): ProblemHref {
  return (problemId, checkpointId) =>
    `${home}?problem=${problemId}${checkpointId === undefined ? '' : `&checkpoint=${checkpointId}`}`;
}
