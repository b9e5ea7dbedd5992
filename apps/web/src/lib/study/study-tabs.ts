// The study's views. Filters (difficulty, setting, scale) and the statistical choices (the solved
// rule, the q threshold) travel from tab to tab in the URL; each view keeps its own other parameters.
export const STUDY_TABS = [
  { href: '', label: 'Frontier', testId: 'tab-frontier' },
  { href: '/matrix', label: 'Solve matrix', testId: 'tab-matrix' },
  { href: '/triage', label: 'Triage', testId: 'tab-triage' },
  { href: '/ensembles', label: 'Ensembles', testId: 'tab-ensembles' },
  { href: '/jobs', label: 'Jobs', testId: 'tab-jobs' },
] as const;

/** A view's name as its tab reads, by the path below /studies/<id> ('' is the Frontier). */
export function tabLabel(subpath: string): string {
  return STUDY_TABS.find((t) => t.href === subpath)?.label ?? subpath.replace(/^\//, '');
}
