import { cellIndex, plural, type StudyData } from '@frontier/core';
import { formatAlpha, formatPoints, formatRate } from '../format';
import { buildSeries, nearestAlpha, sweepAlphas, type SeriesPoint } from '../frontier/frontier-model';
import { frontierDatasets } from '../frontier/frontier-queries';
import { parseFrontierState } from '../frontier/frontier-state';
import type { PreviewCard, PreviewPicture } from '../preview/preview-svg';
import { tabLabel } from '../study/study-tabs';
import { resolvePair } from '../triage/triage-params';
import { parseEnsembleParams } from '../ensembles/ensemble-params';
import { computeEnsembleView } from '../ensembles/ensemble-view';
import { parseStatsParams } from '../stats/stats-params';
import { datasetKey, parseView, type SharePayload } from './share';

// What a share link shows before it is opened: the Open Graph title and description of /s/TOKEN
// and the card its preview image draws, computed from the pinned payload with the functions the
// views themselves use, so the numbers in a chat preview are the ones the page shows.

export interface SharePreview {
  /** "Frontier", "Solve matrix", ... */
  viewName: string;
  /** og:title: the study and the view. */
  title: string;
  /** og:description: the numbers that matter in this view. */
  description: string;
  card: PreviewCard;
}

export interface PreviewInput {
  studyId: number;
  studyName: string;
  view: string;
  createdAt: string;
  payload: SharePayload;
}

/** Heat map columns at most: a 500-problem study is averaged into bins this wide picture can show. */
const HEATMAP_COLUMNS = 120;
const TRIAGE_BARS = 8;

function filterText(filters: StudyData['filters']): string {
  const parts = Object.entries(filters).flatMap(([k, v]) => (v ? [`${k} ${v}`] : []));
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Per checkpoint: the mean over problems with judged samples of solved / n (the views' solve rate). */
function solveRates(data: StudyData): (number | null)[] {
  const P = data.problems.length;
  return data.checkpoints.map((_, c) => {
    let sum = 0;
    let problems = 0;
    for (let p = 0; p < P; p++) {
      const i = cellIndex(data, c, p);
      const n = data.counts.n[i]!;
      if (n <= 0) continue;
      sum += data.counts.solved[i]! / n;
      problems++;
    }
    return problems ? sum / problems : null;
  });
}

function cellRate(data: StudyData, c: number, p: number): number | null {
  const i = cellIndex(data, c, p);
  const n = data.counts.n[i]!;
  return n > 0 ? data.counts.solved[i]! / n : null;
}

function frontierPreview(input: PreviewInput, search: URLSearchParams, data: StudyData) {
  const specs = frontierDatasets(data.filters, input.payload.facets.settings);
  const inputs = specs.flatMap((s) => {
    const d = input.payload.datasets[datasetKey(s.filters)];
    return d ? [{ setting: s.setting, data: d }] : [];
  });
  // The preview shows point estimates only, which the bootstrap does not change: one replicate
  // instead of the page's 1000 keeps a 500-problem study's first render fast.
  const series = buildSeries(inputs, { replicates: 1 });
  const alpha = nearestAlpha(sweepAlphas(series), parseFrontierState(search).alpha);
  const found = series.flatMap((s) => s.points.filter((p) => p.alpha === alpha).map((p) => ({ s, p })))[0];
  const point: SeriesPoint | undefined = found?.p;
  const evaluated = series.reduce((n, s) => n + s.points.length, 0);
  const label = series.length > 1 && found ? ` (${found.s.label})` : '';
  const description = point
    ? `α = ${formatAlpha(point.alpha)}${label} has solve rate ${formatRate(point.solve.estimate)}, correctness failures ${formatRate(point.correctness.estimate)} and optimization failures ${formatRate(point.optimization.estimate)}; ${plural(evaluated, 'checkpoint')} on the frontier, ${plural(point.problems, 'problem')}.`
    : 'No checkpoint on the alpha line has judged samples under these filters.';
  const picture: PreviewPicture | null = point
    ? {
        kind: 'frontier',
        xTitle: 'Correctness-failure rate (WA, RE, CE, OLE)',
        yTitle: 'Optimization-failure rate (TLE, MLE)',
        series: series.map((s) =>
          s.points.length
            ? {
                points: s.points.map((p) => ({
                  x: p.correctness.estimate,
                  y: p.optimization.estimate,
                  alpha: p.alpha,
                })),
              }
            : { points: [] },
        ),
        selectedAlpha: alpha,
      }
    : null;
  const stats = point
    ? [
        { label: 'α (ringed)', value: formatAlpha(point.alpha) },
        { label: 'Solve rate', value: formatRate(point.solve.estimate) },
        { label: 'Correctness failures', value: formatRate(point.correctness.estimate) },
        { label: 'Optimization failures', value: formatRate(point.optimization.estimate) },
      ]
    : [{ label: 'Checkpoints on the frontier', value: '0' }];
  return { description, picture, stats };
}

function matrixPreview(data: StudyData) {
  const rates = solveRates(data);
  const rows = data.checkpoints
    .map((c, i) => ({ c, rate: rates[i] }))
    .filter((r) => r.rate !== null && r.rate !== undefined);
  const P = data.problems.length;
  // Problems from most to least solved overall, averaged into at most HEATMAP_COLUMNS bins.
  const overall = data.problems.map((_, p) => {
    const v = data.checkpoints.map((_, c) => cellRate(data, c, p)).filter((x): x is number => x !== null);
    return v.length ? v.reduce((a, b) => a + b, 0) / v.length : -1;
  });
  const order = [...overall.keys()].sort((a, b) => overall[b]! - overall[a]!);
  const cols = Math.min(HEATMAP_COLUMNS, P);
  const rowIndex = data.checkpoints.map((_, i) => i).filter((i) => rates[i] !== null);
  const values: (number | null)[] = [];
  for (const c of rowIndex) {
    for (let b = 0; b < cols; b++) {
      const bin = order.slice(Math.floor((b * P) / cols), Math.floor(((b + 1) * P) / cols));
      const v = bin.map((p) => cellRate(data, c, p)).filter((x): x is number => x !== null);
      values.push(v.length ? v.reduce((a, x) => a + x, 0) / v.length : null);
    }
  }
  const best = rows.reduce<(typeof rows)[number] | undefined>((m, r) => (!m || r.rate! > m.rate! ? r : m), undefined);
  const worst = rows.reduce<(typeof rows)[number] | undefined>((m, r) => (!m || r.rate! < m.rate! ? r : m), undefined);
  const description =
    best && worst
      ? `${plural(P, 'problem')} × ${plural(rows.length, 'checkpoint')}; solve rate from ${formatRate(worst.rate!)} (${worst.c.name}) to ${formatRate(best.rate!)} (${best.c.name}).`
      : `${plural(P, 'problem')}; no checkpoint has judged samples under these filters.`;
  const picture: PreviewPicture | null = rows.length
    ? {
        kind: 'heatmap',
        values,
        rows: rowIndex.length,
        cols,
        rowLabels: rowIndex.map((i) => {
          const c = data.checkpoints[i]!;
          return c.alpha === null ? c.name : `α ${formatAlpha(c.alpha)}`;
        }),
        xTitle: `Problems, most solved first${P > cols ? ` (${cols} bins of ${P})` : ''}; colour: solve rate, pale 0 to dark 1`,
      }
    : null;
  const stats = [
    { label: 'Problems', value: String(P) },
    { label: 'Checkpoints', value: String(rows.length) },
    ...(best && worst
      ? [
          { label: 'Best solve rate', value: formatRate(best.rate!) },
          { label: 'Worst solve rate', value: formatRate(worst.rate!) },
        ]
      : []),
  ];
  return { description, picture, stats };
}

function triagePreview(search: URLSearchParams, data: StudyData) {
  const { a, b } = resolvePair(search, data.checkpoints);
  const ia = data.checkpoints.findIndex((c) => c.id === a);
  const ib = data.checkpoints.findIndex((c) => c.id === b);
  if (ia < 0 || ib < 0) {
    return {
      description: 'Two checkpoints compared problem by problem.',
      picture: null,
      stats: [{ label: 'Problems', value: String(data.problems.length) }],
    };
  }
  const [A, B] = [data.checkpoints[ia]!, data.checkpoints[ib]!];
  const diffs = data.problems.flatMap((pr, p) => {
    const ra = cellRate(data, ia, p);
    const rb = cellRate(data, ib, p);
    return ra === null || rb === null ? [] : [{ label: pr.externalId, value: rb - ra, text: formatPoints(rb - ra) }];
  });
  const rates = solveRates(data);
  const [ra, rb] = [rates[ia] ?? null, rates[ib] ?? null];
  const top = [...diffs].sort((x, y) => Math.abs(y.value) - Math.abs(x.value)).slice(0, TRIAGE_BARS);
  const description =
    ra !== null && rb !== null
      ? `${B.name} against ${A.name} on ${plural(diffs.length, 'problem')} both have judged: solve rate ${formatRate(rb)} against ${formatRate(ra)} (${formatPoints(rb - ra)}).`
      : `${B.name} against ${A.name}, problem by problem.`;
  const picture: PreviewPicture | null = top.length
    ? {
        kind: 'bars',
        title: `Largest per-problem solve-rate differences, ${clipName(B.name)} − ${clipName(A.name)}`,
        bars: top,
      }
    : null;
  const stats = [
    { label: `Solve rate, ${clipName(B.name)}`, value: rb === null ? '—' : formatRate(rb) },
    { label: `Solve rate, ${clipName(A.name)}`, value: ra === null ? '—' : formatRate(ra) },
    { label: 'Problems compared', value: String(diffs.length) },
  ];
  return { description, picture, stats };
}

const clipName = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

function ensemblesPreview(search: URLSearchParams, data: StudyData) {
  const params = parseEnsembleParams(search, data.checkpoints);
  const { rule } = parseStatsParams(search);
  const view = computeEnsembleView(data, {
    selected: params.selected,
    budget: params.budget,
    alloc: params.alloc,
    rule,
  });
  if (!view || view.problems === 0 || view.error) {
    return {
      description: `Ensembles of checkpoints on ${plural(data.problems.length, 'problem')}.`,
      picture: null,
      stats: [{ label: 'Problems', value: String(data.problems.length) }],
    };
  }
  const names = view.members.map((m) => m.name).join(' + ');
  const best = view.bestSingle;
  const description = `${names} at a budget of ${plural(view.budget, 'sample')} (${params.alloc} allocation): pass@${view.budget} ${formatRate(view.ensemble)}${best ? ` against ${formatRate(best.pass)} for the best single checkpoint (${best.checkpoint.name})` : ''} over ${plural(view.problems, 'problem')}.`;
  const bestCurve = view.singles.find((s) => s.best);
  const picture: PreviewPicture = {
    kind: 'curves',
    xTitle: 'k (samples; for the ensemble, the total budget)',
    yTitle: 'pass@k (mean over problems)',
    lines: [
      ...view.singles
        .filter((s) => !s.best)
        .map((s) => ({ points: s.curve.map((c) => ({ x: c.k, y: c.pass })), colour: '#9ca3af', width: 2.5 })),
      ...(bestCurve
        ? [{ points: bestCurve.curve.map((c) => ({ x: c.k, y: c.pass })), colour: '#e67e22', width: 4 }]
        : []),
      { points: view.ensembleCurve.map((c) => ({ x: c.k, y: c.pass })), colour: '#2563eb', width: 5 },
    ],
    key: [
      { colour: '#2563eb', label: 'the ensemble' },
      ...(bestCurve ? [{ colour: '#e67e22', label: `best single: ${bestCurve.checkpoint.name}` }] : []),
      ...(view.singles.some((s) => !s.best) ? [{ colour: '#9ca3af', label: 'its members' }] : []),
    ],
  };
  const stats = [
    { label: 'Budget B', value: String(view.budget) },
    { label: `Ensemble pass@${view.budget}`, value: formatRate(view.ensemble) },
    ...(best ? [{ label: `Best single pass@${view.budget}`, value: formatRate(best.pass) }] : []),
    ...(view.gain ? [{ label: 'Gain', value: formatPoints(view.gain.estimate) }] : []),
  ];
  return { description, picture, stats };
}

/** The preview of a pinned share: its title, description and picture. */
export function sharePreview(input: PreviewInput): SharePreview {
  const parsed = parseView(input.view, input.studyId);
  const subpath = parsed.ok ? parsed.subpath : '';
  const viewName = tabLabel(subpath);
  const title = `${input.studyName}: ${viewName}`;
  const data = parsed.ok ? input.payload.datasets[datasetKey(parsed.filters)] : undefined;
  const made = `Pinned ${input.createdAt.slice(0, 10)} · Frontier Explorer shared view (read-only)`;
  if (!parsed.ok || !data) {
    return {
      viewName,
      title,
      description: 'A shared view of a study.',
      card: { title: input.studyName, subtitle: viewName, stats: [], footer: made, picture: null },
    };
  }
  const body =
    subpath === ''
      ? frontierPreview(input, parsed.search, data)
      : subpath === '/matrix'
        ? matrixPreview(data)
        : subpath === '/triage'
          ? triagePreview(parsed.search, data)
          : ensemblesPreview(parsed.search, data);
  const filters = filterText(data.filters);
  return {
    viewName,
    title,
    description: `${viewName}${filters}: ${body.description}`,
    card: {
      title: input.studyName,
      subtitle: `${viewName}${filters}`,
      stats: body.stats,
      footer: made,
      picture: body.picture,
    },
  };
}
