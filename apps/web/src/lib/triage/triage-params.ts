import type { StudyDataCheckpoint } from '@frontier/core';

// Which two checkpoints the triage compares. The URL carries them as `a` and `b` (checkpoint
// ids); without them the view compares the trained endpoints, A = low coverage, B = high.

export interface TriagePair {
  a: number | null;
  b: number | null;
  /** True when a side was not in the URL and came from the default. */
  defaulted: boolean;
  /** Ids from the URL that name no checkpoint of the study's data under the filters. */
  unknown: string[];
}

function idOf(raw: string | null): number | null | 'invalid' {
  if (raw === null || raw === '') return null;
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 'invalid';
}

/** The default pair: the first LOW and HIGH endpoints (in the data's scale/alpha order), else the first two. */
export function defaultPair(checkpoints: readonly StudyDataCheckpoint[]): { a: number | null; b: number | null } {
  const low = checkpoints.find((c) => c.role === 'LOW');
  const high =
    checkpoints.find((c) => c.role === 'HIGH' && (!low || c.scale === low.scale)) ??
    checkpoints.find((c) => c.role === 'HIGH');
  const a = low?.id ?? checkpoints[0]?.id ?? null;
  const b = high?.id ?? checkpoints.find((c) => c.id !== a)?.id ?? null;
  return { a, b };
}

export function resolvePair(search: URLSearchParams, checkpoints: readonly StudyDataCheckpoint[]): TriagePair {
  const known = new Set(checkpoints.map((c) => c.id));
  const fallback = defaultPair(checkpoints);
  const unknown: string[] = [];
  let defaulted = false;
  const pick = (key: 'a' | 'b'): number | null => {
    const parsed = idOf(search.get(key));
    if (parsed === null) {
      defaulted = true;
      return fallback[key];
    }
    if (parsed === 'invalid' || !known.has(parsed)) {
      unknown.push(search.get(key) ?? '');
      return null;
    }
    return parsed;
  };
  const a = pick('a');
  const b = pick('b');
  return { a, b, defaulted, unknown };
}

/** The query string of a triage view: filters first (as the tabs keep them), then a and b. */
export function triageSearch(current: URLSearchParams, a: number, b: number): string {
  const next = new URLSearchParams(current);
  next.set('a', String(a));
  next.set('b', String(b));
  return `?${next.toString()}`;
}
