import { parsePassK } from '@frontier/core';
import { filtersToSearch, type Filters } from '../study/filters';
import { parseSuggestView, writeSuggestView, type SuggestView } from './suggest-state';

// The Frontier tab's state beyond the filters, all in the URL so a link reproduces the view:
// ?alpha= (the swept checkpoint), ?k= (pass@k), ?log=1 (log axes on the frontier),
// ?ci=ellipses|none (how the frontier shows its 95% intervals; bars when absent),
// ?suggest=&range= (the "Suggest next alphas" panel, see suggest-state.ts),
// ?panel=length|classes (the panel beside the frontier: solve rate when absent, mean and median
// response length, or length by verdict class), ?unit=tokens (lengths in tokens; characters when
// absent), ?size=length (frontier points sized by mean response length).

/** How the frontier draws each checkpoint's uncertainty. */
export const INTERVAL_DISPLAYS = ['bars', 'ellipses', 'none'] as const;
export type IntervalDisplay = (typeof INTERVAL_DISPLAYS)[number];
export const DEFAULT_INTERVALS: IntervalDisplay = 'bars';

/** What the panel beside the frontier shows besides the solve rate (its default). */
export const SIDE_PANELS = ['length', 'classes'] as const;
export type SidePanel = (typeof SIDE_PANELS)[number];

export interface FrontierViewState {
  alpha?: number;
  k: number;
  log: boolean;
  /** Absent: the default, error bars. */
  intervals?: IntervalDisplay;
  /** The suggestion panel, when open. */
  suggest?: SuggestView;
  /** Absent: the solve rate. */
  panel?: SidePanel;
  /** Lengths in tokens; absent: characters. */
  tokens?: boolean;
  /** Frontier points sized by mean response length. */
  sizeByLength?: boolean;
}

export const DEFAULT_K = 1;

type SearchLike = URLSearchParams | Record<string, string | string[] | undefined>;

function get(search: SearchLike, key: string): string | undefined {
  if (search instanceof URLSearchParams) return search.get(key) ?? undefined;
  const v = search[key];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Lenient: a malformed alpha, k, log, interval display or suggestion setting is ignored (the view
 * falls back to its default), never an error page; the pass@k input says why a link's k was not used.
 */
export function parseFrontierState(search: SearchLike): FrontierViewState {
  const alphaText = get(search, 'alpha');
  const alpha = alphaText === undefined || alphaText.trim() === '' ? Number.NaN : Number(alphaText);
  const kText = get(search, 'k');
  const k = kText === undefined ? undefined : parsePassK(kText);
  const suggest = parseSuggestView(get(search, 'suggest'), get(search, 'range'));
  const intervals = INTERVAL_DISPLAYS.find((d) => d !== DEFAULT_INTERVALS && d === get(search, 'ci'));
  const panel = SIDE_PANELS.find((p) => p === get(search, 'panel'));
  return {
    ...(Number.isFinite(alpha) && { alpha }),
    k: k?.ok ? k.k : DEFAULT_K,
    log: get(search, 'log') === '1',
    ...(intervals && { intervals }),
    ...(suggest && { suggest }),
    ...(panel && { panel }),
    ...(get(search, 'unit') === 'tokens' && { tokens: true }),
    ...(get(search, 'size') === 'length' && { sizeByLength: true }),
  };
}

/** Query string of the whole view, keys in a fixed order (filters first) so equal views have equal URLs. */
export function frontierSearch(filters: Filters, state: FrontierViewState): string {
  const params = new URLSearchParams(filtersToSearch(filters));
  if (state.alpha !== undefined) params.set('alpha', String(Number(state.alpha.toFixed(6))));
  if (state.k !== DEFAULT_K) params.set('k', String(state.k));
  if (state.log) params.set('log', '1');
  if (state.intervals && state.intervals !== DEFAULT_INTERVALS) params.set('ci', state.intervals);
  writeSuggestView(params, state.suggest);
  if (state.panel) params.set('panel', state.panel);
  if (state.tokens) params.set('unit', 'tokens');
  if (state.sizeByLength) params.set('size', 'length');
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}
