import type { AllocationStrategy, StudyDataCheckpoint } from '@frontier/core';

// The ensembles view's URL: c = checkpoint ids (comma-separated), budget, alloc. Filters stay
// as the tabs keep them. Missing values take defaults that are then written into the URL.

export interface EnsembleParams {
  selected: number[];
  budget?: number;
  alloc: AllocationStrategy;
  /** Parameters that could not be read, with why; the view shows them. */
  problems: string[];
  /** True when `c` was absent and the default selection was used. */
  defaultedSelection: boolean;
}

export function parseEnsembleParams(
  search: URLSearchParams,
  checkpoints: readonly StudyDataCheckpoint[],
): EnsembleParams {
  const problems: string[] = [];
  const rawC = search.get('c');
  let selected: number[];
  let defaultedSelection = false;
  if (rawC === null) {
    defaultedSelection = true;
    selected = defaultSelection(checkpoints);
  } else {
    selected = [];
    for (const part of rawC.split(',').filter((p) => p !== '')) {
      if (/^[1-9]\d{0,9}$/.test(part)) selected.push(Number(part));
      else problems.push(`c: “${part}” is not a checkpoint id`);
    }
  }
  const rawBudget = search.get('budget');
  let budget: number | undefined;
  if (rawBudget !== null && rawBudget !== '') {
    if (/^[1-9]\d{0,6}$/.test(rawBudget)) budget = Number(rawBudget);
    else problems.push(`budget: “${rawBudget}” is not a positive whole number; using the default`);
  }
  const rawAlloc = search.get('alloc');
  let alloc: AllocationStrategy = 'uniform';
  if (rawAlloc === 'optimised' || rawAlloc === 'uniform') alloc = rawAlloc;
  else if (rawAlloc !== null) problems.push(`alloc: “${rawAlloc}” is neither uniform nor optimised; using uniform`);
  return { selected: [...new Set(selected)], budget, alloc, problems, defaultedSelection };
}

/** The default ensemble: the two trained endpoints (first scale), else the first two checkpoints. */
export function defaultSelection(checkpoints: readonly StudyDataCheckpoint[]): number[] {
  const low = checkpoints.find((c) => c.role === 'LOW');
  const high = checkpoints.find((c) => c.role === 'HIGH' && (!low || c.scale === low.scale));
  const ends = [low, high].flatMap((c) => (c ? [c.id] : []));
  return ends.length === 2 ? ends : checkpoints.slice(0, 2).map((c) => c.id);
}

export function ensembleSearch(
  current: URLSearchParams,
  next: { selected: readonly number[]; budget?: number; alloc: AllocationStrategy },
): string {
  const search = new URLSearchParams(current);
  search.set('c', next.selected.join(','));
  if (next.budget === undefined) search.delete('budget');
  else search.set('budget', String(next.budget));
  search.set('alloc', next.alloc);
  // Commas are legal in a query string: keep `c=3,5,8` readable instead of `c=3%2C5%2C8`.
  return `?${search.toString().replace(/(^|&)c=[^&]*/, (m) => m.replaceAll('%2C', ','))}`;
}
