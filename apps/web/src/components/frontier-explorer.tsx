'use client';

import { plural } from '@frontier/core';
import type { Layout } from 'plotly.js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Facets } from '@/lib/study/facets';
import type { Filters } from '@/lib/study/filters';
import { frontierFigure, highlightEdits, INTERVAL_DEFINITIONS } from '@/lib/frontier/frontier-figure';
import {
  buildSeries,
  nearestAlpha,
  sweepAlphas,
  type CheckpointRow,
  type SeriesInput,
  type SeriesModel,
} from '@/lib/frontier/frontier-model';
import {
  DEFAULT_INTERVALS,
  INTERVAL_DISPLAYS,
  type FrontierViewState,
  type IntervalDisplay,
  type SidePanel,
} from '@/lib/frontier/frontier-state';
import { loadPlotly } from '@/lib/plots/plotly';
import { placeOverlay } from '@/lib/plots/plot-overlay';
import { solveRateFigure } from '@/lib/frontier/solve-rate-figure';
import { solveRateCsv } from '@/lib/frontier/solve-rate-csv';
import { DEFAULT_SUGGEST_COUNT, type SuggestView } from '@/lib/frontier/suggest-state';
import { placeOnFrontier, withFrontierProposals, withSuggestions } from '@/lib/frontier/suggestion-figure';
import { STACK_ORDER, verdictFigure } from '@/lib/frontier/verdict-figure';
import { classLengthFigure, lengthFigure, UNIT_LABELS } from '@/lib/frontier/length-figure';
import {
  buildLengthSeries,
  CLASS_LENGTH_DEFINITION,
  LENGTH_DEFINITION,
  meanLengthBySeries,
} from '@/lib/frontier/length-model';
import { lengthCsv } from '@/lib/frontier/length-csv';
import { AlphaSweep } from './alpha-sweep';
import { CheckpointTable } from './checkpoint-table';
import { ExportButtons } from './export-buttons';
import { FailTierCard } from './fail-tier-card';
import { FilterBar } from './filter-bar';
import { SweepPlot } from './sweep-plot';
import { EmptyState } from './status';
import { SuggestPanel } from './suggest/suggest-panel';
import { useSuggestions } from './suggest/use-suggestions';

export interface FrontierExplorerProps {
  studyId: number;
  datasets: SeriesInput[];
  facets: Facets;
  /** Samples still waiting for the judge. */
  pending: number;
  filters: Filters;
  state: FrontierViewState;
  /** A new view state; `alpha` changes come here debounced (the URL follows the slider). */
  onStateChange: (next: FrontierViewState) => void;
  /** New filters; `state` carries the view's current alpha, k and axes along. */
  onFiltersChange?: (next: Filters, state: FrontierViewState) => void;
  readOnly: boolean;
  /** The share button (live view only), rendered in the controls. */
  share?: (currentState: FrontierViewState) => ReactNode;
}

const URL_DEBOUNCE_MS = 250;
const INTERVAL_LABELS: Record<IntervalDisplay, string> = {
  bars: 'error bars',
  ellipses: 'confidence ellipses',
  none: 'none',
};
const SHAPE_SYNC_MS = 300;
const PANEL_TABS: { panel: SidePanel | undefined; label: string }[] = [
  { panel: undefined, label: 'Solve rate' },
  { panel: 'length', label: 'Length' },
  { panel: 'classes', label: 'Length by verdict' },
];

function toTablePoints(series: SeriesModel[]): CheckpointRow[] {
  return series.flatMap((s) =>
    s.points.map((p) => ({
      checkpointId: p.checkpointId,
      name: p.name,
      role: p.role,
      alpha: p.alpha,
      scale: p.scale,
      solveRate: p.solve.estimate,
      correctnessRate: p.correctness.estimate,
      optimizationRate: p.optimization.estimate,
      problems: p.problems,
      n: p.n,
    })),
  );
}

function pointRows(series: SeriesModel[]) {
  return {
    header: [
      'series',
      'setting',
      'scale',
      'checkpoint',
      'role',
      'alpha',
      'solve_rate',
      'solve_lo',
      'solve_hi',
      'correctness_rate',
      'correctness_lo',
      'correctness_hi',
      'optimization_rate',
      'optimization_lo',
      'optimization_hi',
      'pareto',
      'problems',
      'n',
    ],
    rows: series.flatMap((s) =>
      s.points.map((p) => [
        s.label,
        s.setting,
        s.scale,
        p.name,
        p.role,
        p.alpha,
        p.solve.estimate,
        p.solve.lo,
        p.solve.hi,
        p.correctness.estimate,
        p.correctness.lo,
        p.correctness.hi,
        p.optimization.estimate,
        p.optimization.lo,
        p.optimization.hi,
        p.pareto ? 1 : 0,
        p.problems,
        p.n,
      ]),
    ),
  };
}

/**
 * The Frontier tab's body, fed with study data (live from React Query, or pinned in a shared
 * link). All numbers are computed here, once per data change; an alpha step updates the
 * headline numbers and moves the highlights with restyle/relayout, never a full redraw.
 */
export function FrontierExplorer({
  studyId,
  datasets,
  facets,
  pending,
  filters,
  state,
  onStateChange,
  onFiltersChange,
  readOnly,
  share,
}: FrontierExplorerProps) {
  const series = useMemo(() => buildSeries(datasets), [datasets]);
  const alphas = useMemo(() => sweepAlphas(series), [series]);
  const urlAlpha = nearestAlpha(alphas, state.alpha);
  // The slider's alpha is local so a step renders at once; the URL follows, debounced. A URL
  // alpha that differs from what this view last wrote (a new link, a filter change) wins.
  const [local, setLocal] = useState<{ alpha: number | undefined; from: number | undefined; written: number[] }>({
    alpha: urlAlpha,
    from: urlAlpha,
    written: [],
  });
  let alpha = local.alpha;
  if (local.from !== urlAlpha) {
    // One of our own debounced writes coming back keeps the slider where it is (it may have
    // moved on since); any other URL alpha (a link, back/forward) wins.
    const ours =
      urlAlpha !== undefined && local.written.includes(urlAlpha) && alphas.includes(local.alpha ?? Number.NaN);
    if (!ours) alpha = urlAlpha;
    setLocal({ alpha, from: urlAlpha, written: ours ? local.written : [] });
  } else if (alpha !== undefined && !alphas.includes(alpha)) {
    alpha = urlAlpha;
    setLocal({ alpha, from: urlAlpha, written: [] });
  }

  const frontierEl = useRef<HTMLDivElement | null>(null);
  const solveEl = useRef<HTMLDivElement | null>(null);
  const verdictEls = useMemo(
    () => new Map(series.map((s) => [s.key, { current: null } as { current: HTMLDivElement | null }])),
    [series],
  );
  const stepPending = useRef(false);
  const stateRef = useRef(state);
  const alphaRef = useRef(alpha);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    stateRef.current = state;
    alphaRef.current = alpha;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const base = `study-${studyId}`;
  const intervals = state.intervals ?? DEFAULT_INTERVALS;
  const total = series.reduce((n, s) => n + s.points.length + s.withoutData, 0);
  const evaluated = series.reduce((n, s) => n + s.points.length, 0);
  // Every dataset is read with the same exclusions: the first one's list says which.
  const excluded = datasets[0]?.data.excluded?.length ?? 0;
  // Suggestions are computed when the panel is open and what they read changes, never on a step.
  const suggestions = useSuggestions({
    studyId,
    datasets,
    scaleFilter: filters.scale,
    k: state.k,
    view: state.suggest,
    live: !readOnly,
  });
  const refinement = suggestions?.result.ok ? suggestions.result.refinement : null;
  const suggestScale = suggestions?.scale;
  const suggestSeries = useMemo(
    () => (refinement ? series.find((s) => suggestScale === null || s.scale === suggestScale) : undefined),
    [refinement, series, suggestScale],
  );
  // Response lengths: computed only when a view shows them (their bootstrap costs as much as the rates').
  const unit = state.tokens ? 'tokens' : 'chars';
  const hasLengths = datasets.some((d) => d.data.lengths !== undefined);
  const wantLengths = hasLengths && (state.panel !== undefined || state.sizeByLength === true);
  const lengths = useMemo(
    () => (wantLengths ? buildLengthSeries(datasets, series, unit) : null),
    [wantLengths, datasets, series, unit],
  );
  const lengthPoints = lengths?.reduce((n, s) => n + s.points.length, 0) ?? 0;
  const sizeBy = useMemo(
    () => (state.sizeByLength && lengths && lengthPoints > 0 ? meanLengthBySeries(lengths) : undefined),
    [state.sizeByLength, lengths, lengthPoints],
  );
  // Fresh figures each time: Plotly keeps (and mutates) the layout it drew.
  const frontier = useMemo(() => {
    const fig = frontierFigure(series, { log: state.log, intervals, sizeBy });
    return refinement && suggestSeries
      ? withFrontierProposals(fig, placeOnFrontier(suggestSeries, refinement.suggestions, state.log))
      : fig;
  }, [series, state.log, intervals, sizeBy, refinement, suggestSeries]);
  const panel = state.panel;
  const solve = useMemo(() => {
    if (panel === 'length' && lengths) return lengthFigure(series, lengths, unit);
    if (panel === 'classes' && lengths) return classLengthFigure(series, lengths, unit);
    return withSuggestions(solveRateFigure(series), refinement, suggestSeries);
  }, [panel, lengths, unit, series, refinement, suggestSeries]);
  const verdicts = useMemo(() => series.map((s) => ({ key: s.key, label: s.label, fig: verdictFigure(s) })), [series]);

  const frontierOverlay = useRef<HTMLDivElement | null>(null);
  const solveOverlay = useRef<HTMLDivElement | null>(null);
  const verdictOverlays = useMemo(
    () => new Map(series.map((s) => [s.key, { current: null } as { current: HTMLDivElement | null }])),
    [series],
  );
  const shapeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The alpha each drawn chart marks in its own shapes (syncShapes), so a sync redraws only what changes. */
  const shapesShown = useRef(new WeakMap<HTMLDivElement, number | undefined>());
  useEffect(() => () => clearTimeout(shapeTimer.current), []);

  /** The step's visible update: overlay marks moved by CSS transforms, no Plotly redraw. */
  const placeAll = useCallback(
    (a: number | undefined) => {
      const rings = series.flatMap((s) =>
        s.points
          .filter((p) => p.alpha === a)
          .map((p) => ({ kind: 'ring' as const, x: p.correctness.estimate, y: p.optimization.estimate })),
      );
      placeOverlay(frontierEl.current, frontierOverlay.current, rings);
      const line = a === undefined ? [] : [{ kind: 'vline' as const, x: a }];
      placeOverlay(solveEl.current, solveOverlay.current, line);
      for (const [key, ref] of verdictEls) placeOverlay(ref.current, verdictOverlays.get(key)?.current ?? null, line);
    },
    [series, verdictEls, verdictOverlays],
  );

  /**
   * The same marks as layout shapes in the figures themselves, so PNG/SVG exports show the
   * selected alpha. A relayout of shapes only, but Plotly still redraws the chart: run once the
   * slider rests, outside the step's budget.
   */
  const syncShapes = useCallback(
    async (a: number | undefined, only?: HTMLDivElement) => {
      const Plotly = await loadPlotly();
      const jobs: Promise<unknown>[] = [];
      // Attribute-path keys ('shapes[0].x0') are Plotly's partial-update syntax, outside its Layout type.
      const edit = (el: HTMLDivElement | null, edits: Record<string, unknown>) => {
        if (!el || (only && el !== only)) return;
        // Each relayout redraws a whole chart: skip the charts that already show this alpha.
        if (shapesShown.current.has(el) && shapesShown.current.get(el) === a) return;
        shapesShown.current.set(el, a);
        jobs.push(Plotly.relayout(el, edits as Partial<Layout>));
      };
      edit(frontierEl.current, highlightEdits(series, a));
      const marker = { 'shapes[0].x0': a ?? 0, 'shapes[0].x1': a ?? 0, 'shapes[0].visible': a !== undefined };
      for (const el of [solveEl.current, ...[...verdictEls.values()].map((r) => r.current)]) edit(el, marker);
      await Promise.all(jobs);
    },
    [series, verdictEls],
  );
  const afterPlot = useCallback(() => placeAll(alphaRef.current), [placeAll]);
  // One chart drawn in full: it shows its figure as built, with no alpha marked, so only it may
  // need its shapes set (before, every chart's draw relaid out every chart: n² redraws on load).
  const drawn = useCallback(
    (el: HTMLDivElement) => {
      shapesShown.current.set(el, undefined);
      placeAll(alphaRef.current);
      void syncShapes(alphaRef.current, el);
    },
    [placeAll, syncShapes],
  );

  useEffect(() => {
    placeAll(alpha);
    if (stepPending.current) {
      stepPending.current = false;
      // What a step costs, from the input event to the view updated (read by e2e and bench:sweep).
      performance.measure('sweep-step', 'sweep-step-start');
    }
    clearTimeout(shapeTimer.current);
    shapeTimer.current = setTimeout(() => void syncShapes(alpha), SHAPE_SYNC_MS);
  }, [alpha, placeAll, syncShapes]);

  // The alpha to carry into a new URL: only one the link or the user chose, not the default.
  const chosenAlpha = state.alpha !== undefined || alpha !== urlAlpha ? alpha : undefined;
  // The panel's callback stays the same function across steps, so the memoised panel is not re-rendered.
  const latest = useRef({ onStateChange, chosenAlpha });
  useEffect(() => {
    latest.current = { onStateChange, chosenAlpha };
  });
  const setSuggest = useCallback((suggest: SuggestView | undefined) => {
    latest.current.onStateChange({ ...stateRef.current, alpha: latest.current.chosenAlpha, suggest });
  }, []);
  const setPanel = useCallback((next: SidePanel | undefined) => {
    latest.current.onStateChange({ ...stateRef.current, alpha: latest.current.chosenAlpha, panel: next });
  }, []);
  const setTokens = useCallback((tokens: boolean) => {
    latest.current.onStateChange({
      ...stateRef.current,
      alpha: latest.current.chosenAlpha,
      tokens: tokens || undefined,
    });
  }, []);
  // One object per window, so the memoised panel below re-renders only when the window moves.
  const releaseWindow = useMemo(() => ({ from: filters.from, to: filters.to }), [filters.from, filters.to]);
  const suggestCard = useMemo(
    () =>
      suggestions && (
        <SuggestPanel
          studyId={studyId}
          suggestions={suggestions}
          live={!readOnly}
          difficulty={filters.difficulty}
          window={releaseWindow}
          onView={setSuggest}
        />
      ),
    [suggestions, studyId, readOnly, filters.difficulty, releaseWindow, setSuggest],
  );

  const step = (index: number) => {
    const next = alphas[Math.max(0, Math.min(alphas.length - 1, index))];
    if (next === undefined || next === alpha) return;
    performance.mark('sweep-step-start');
    stepPending.current = true;
    setLocal((l) => ({ ...l, alpha: next }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLocal((l) => ({ ...l, written: l.alpha === undefined ? l.written : [...l.written.slice(-15), l.alpha] }));
      onStateChange({ ...stateRef.current, alpha: alphaRef.current });
    }, URL_DEBOUNCE_MS);
  };

  // Everything that does not depend on the selected alpha, as memoised elements: a step
  // re-renders the slider and the headline numbers only.
  const plots = useMemo(
    () => (
      <>
        <section className="card frontier-card">
          <div className="card-head">
            <h2>Frontier</h2>
            <ExportButtons
              plot={() => frontierEl.current}
              filename={`${base}-frontier`}
              csv={() => pointRows(series)}
            />
          </div>
          <SweepPlot
            testId="frontier-plot"
            graphRef={frontierEl}
            overlayRef={frontierOverlay}
            onDrawn={drawn}
            onAfterPlot={afterPlot}
            points={frontier.plotted}
            data={frontier.data}
            layout={frontier.layout}
            label={`Frontier: correctness-failure rate against optimization-failure rate for ${plural(frontier.plotted, 'checkpoint')}, ${intervals === 'none' ? 'without intervals' : `with 95% ${intervals === 'bars' ? 'intervals' : 'confidence ellipses'}`} and the selected alpha ringed`}
          />
          <p className="muted small plot-caption" data-testid="frontier-caption">
            <span data-testid="points-summary">
              {plural(evaluated, 'checkpoint')} plotted
              {series.length > 1 ? ` in ${series.length} series (one line per inference setting × model scale)` : ''}
              {total > evaluated && `; ${total - evaluated} without judged samples under these filters`}.
            </span>{' '}
            {excluded > 0 && (
              <span data-testid="excluded-summary">
                {plural(excluded, 'problem')} excluded from this study {excluded === 1 ? 'is' : 'are'} in no number (the
                solve matrix lists {excluded === 1 ? 'it' : 'them'} with the reasons).{' '}
              </span>
            )}
            {pending > 0 && (
              <span data-testid="pipeline-progress">
                {plural(pending, 'sample')} {pending === 1 ? 'is' : 'are'} waiting for the judge (the Jobs tab shows
                progress).{' '}
              </span>
            )}
            Lower-left is better. Colour: alpha; ◆ and ■: the trained endpoints; black rings: the Pareto set; red ring:
            the selected alpha.{' '}
            {sizeBy && (
              <span data-testid="size-definition">
                Point size: mean response length in {UNIT_LABELS[unit]} (mean over problems of each problem&apos;s
                mean), smallest to largest shown.{' '}
              </span>
            )}{' '}
            <span data-testid="interval-definition">{INTERVAL_DEFINITIONS[intervals]}</span>{' '}
            {intervals !== 'none' && 'Bootstrap: 1,000 resamples of the problems, paired across checkpoints, seed 1.'}
          </p>
        </section>
        <section className="card solve-card">
          <div className="card-head">
            <div className="panel-tabs" role="tablist" aria-label="Beside the frontier">
              {PANEL_TABS.map((t) => (
                <button
                  key={t.label}
                  type="button"
                  role="tab"
                  data-testid={`panel-${t.panel ?? 'solve'}`}
                  aria-selected={panel === t.panel}
                  className={panel === t.panel ? 'active' : undefined}
                  onClick={() => setPanel(t.panel)}
                >
                  {t.label}
                </button>
              ))}
            </div>
            {panel && (
              <label className="small">
                in{' '}
                <select data-testid="length-unit" value={unit} onChange={(e) => setTokens(e.target.value === 'tokens')}>
                  <option value="chars">characters</option>
                  <option value="tokens">tokens</option>
                </select>
              </label>
            )}
            <ExportButtons
              plot={() => solveEl.current}
              filename={`${base}-${panel ? `length-${panel}-${unit}` : 'solve-rate'}`}
              csv={() =>
                panel && lengths ? lengthCsv(lengths, unit) : solveRateCsv(series, refinement, suggestSeries)
              }
            />
          </div>
          <h2 className="visually-hidden">
            {panel === 'length'
              ? 'Response length against alpha'
              : panel === 'classes'
                ? 'Response length by verdict class against alpha'
                : 'Solve rate against alpha'}
          </h2>
          <SweepPlot
            testId="solve-rate-plot"
            graphRef={solveEl}
            overlayRef={solveOverlay}
            onDrawn={drawn}
            onAfterPlot={afterPlot}
            points={solve.plotted}
            data={solve.data}
            layout={solve.layout}
            label={
              panel === 'length'
                ? `Mean and median response length in ${UNIT_LABELS[unit]} against alpha for ${plural(solve.plotted, 'checkpoint')} with 95% intervals`
                : panel === 'classes'
                  ? `Mean response length in ${UNIT_LABELS[unit]} of solved samples, correctness failures and optimization failures against alpha`
                  : `Solve rate against alpha for ${plural(solve.plotted, 'checkpoint')} with 95% intervals`
            }
          />
          {panel && (
            <p className="muted small plot-caption" data-testid="length-definition">
              {!hasLengths
                ? 'This view was pinned before response lengths were recorded.'
                : lengthPoints === 0
                  ? unit === 'tokens'
                    ? 'No sample here has a token count: generation records one where the server gives it exactly, imports where the file has one. Show characters instead.'
                    : 'No sample here has a length yet.'
                  : panel === 'length'
                    ? `Solid: mean; dotted: median. ${LENGTH_DEFINITION}`
                    : CLASS_LENGTH_DEFINITION}{' '}
              {unit === 'tokens' && lengthPoints > 0 && 'In tokens: over the samples that have a token count.'}
            </p>
          )}
        </section>
      </>
    ),
    [
      frontier,
      solve,
      series,
      base,
      drawn,
      afterPlot,
      intervals,
      evaluated,
      total,
      pending,
      excluded,
      refinement,
      suggestSeries,
      panel,
      unit,
      lengths,
      hasLengths,
      lengthPoints,
      sizeBy,
      setPanel,
      setTokens,
    ],
  );
  const below = useMemo(
    () => (
      <>
        {suggestCard}
        {verdicts.map(({ key, label, fig }) => (
          <section className="card" key={key} data-testid="verdict-card" data-series={key}>
            <div className="card-head">
              <h2>Verdicts along alpha{verdicts.length > 1 ? `: ${label}` : ''}</h2>
              <ExportButtons
                plot={() => verdictEls.get(key)?.current ?? null}
                filename={`${base}-verdicts-${label}`}
                csv={() => verdictRows(series.find((s) => s.key === key)!)}
              />
            </div>
            <SweepPlot
              testId="verdict-plot"
              points={fig.plotted}
              data={fig.data}
              layout={fig.layout}
              onDrawn={drawn}
              onAfterPlot={afterPlot}
              overlayRef={verdictOverlays.get(key)!}
              graphRef={verdictEls.get(key)!}
              label="Shares of solved, WA, RE, CE, OLE (correctness) and TLE, MLE (optimization) per alpha, stacked to 100%"
            />
          </section>
        ))}
        {series
          .filter((s) => s.tiers > 0 && s.points.some((p) => p.failTiers !== null))
          .map((s) => (
            <FailTierCard key={s.key} series={s} base={base} several={series.length > 1} />
          ))}
        <section className="card">
          <h2>Plotted numbers</h2>
          <CheckpointTable points={toTablePoints(series)} />
        </section>
      </>
    ),
    [verdicts, series, base, drawn, afterPlot, verdictEls, verdictOverlays, suggestCard],
  );

  return (
    <>
      <section className="card frontier-controls">
        <fieldset disabled={readOnly} className="plain">
          <FilterBar
            filters={filters}
            facets={facets}
            undated={datasets[0]?.data.undated}
            onChange={(f) => onFiltersChange?.(f, { ...state, alpha: chosenAlpha })}
          />
        </fieldset>
        <div className="view-options">
          <label>
            <input
              type="checkbox"
              data-testid="log-axes"
              checked={state.log}
              onChange={(e) => onStateChange({ ...state, alpha: chosenAlpha, log: e.target.checked })}
            />{' '}
            Log axes
          </label>
          <label>
            Intervals{' '}
            <select
              data-testid="interval-display"
              value={intervals}
              onChange={(e) =>
                onStateChange({ ...state, alpha: chosenAlpha, intervals: e.target.value as IntervalDisplay })
              }
            >
              {INTERVAL_DISPLAYS.map((d) => (
                <option key={d} value={d}>
                  {INTERVAL_LABELS[d]}
                </option>
              ))}
            </select>
          </label>
          {hasLengths && (
            <label>
              Point size{' '}
              <select
                data-testid="point-size"
                value={state.sizeByLength ? 'length' : 'uniform'}
                onChange={(e) =>
                  onStateChange({
                    ...state,
                    alpha: chosenAlpha,
                    sizeByLength: e.target.value === 'length' || undefined,
                  })
                }
              >
                <option value="uniform">uniform</option>
                <option value="length">response length</option>
              </select>
            </label>
          )}
          {evaluated > 0 && (
            <button
              type="button"
              data-testid="suggest-toggle"
              aria-expanded={state.suggest !== undefined}
              onClick={() =>
                onStateChange({
                  ...state,
                  alpha: chosenAlpha,
                  suggest: state.suggest ? undefined : { count: DEFAULT_SUGGEST_COUNT },
                })
              }
            >
              {state.suggest ? 'Hide suggestions' : 'Suggest next alphas'}
            </button>
          )}
          {share?.({ ...state, alpha: chosenAlpha })}
        </div>
      </section>
      {evaluated === 0 ? (
        <section className="card">
          {pending > 0 || total > 0 ? (
            <EmptyState title={`0 of ${plural(total, 'alpha')} evaluated so far`}>
              {pending > 0
                ? `${plural(pending, 'sample')} ${pending === 1 ? 'is' : 'are'} waiting for the judge. `
                : ''}
              The Jobs tab shows progress; this page shows each alpha as soon as it is judged (reload).
            </EmptyState>
          ) : Object.keys(filters).length > 0 ? (
            <EmptyState title="No judged samples match these filters">
              Choose other values above
              {!readOnly && onFiltersChange && (
                <>
                  , or{' '}
                  <button onClick={() => onFiltersChange({}, { ...state, alpha: chosenAlpha })}>
                    clear the filters
                  </button>
                </>
              )}
              .
            </EmptyState>
          ) : (
            <EmptyState title="This study has no judged samples yet">
              Import results with <code>npm run frontier -- import FILE</code>, or wait for the worker to judge pending
              samples.
            </EmptyState>
          )}
        </section>
      ) : (
        <>
          <div className="frontier-grid">
            <section className="card sweep-card">
              <AlphaSweep
                series={series}
                alphas={alphas}
                alpha={alpha!}
                k={state.k}
                excluded={excluded}
                onStep={step}
                onK={(k) => onStateChange({ ...state, alpha: chosenAlpha, k })}
              />
            </section>
            {plots}
          </div>
          {below}
        </>
      )}
    </>
  );
}

function verdictRows(series: SeriesModel) {
  return {
    header: ['alpha', ...STACK_ORDER],
    rows: series.points.map((p) => [p.alpha, ...STACK_ORDER.map((v) => p.shares[v])]),
  };
}
