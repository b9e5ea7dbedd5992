import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase } from './support/database';
import { FIXTURE_STUDY, RATE_TOLERANCE } from './support/fixture';
import {
  checkpointsWithData,
  difficulties,
  expectedPoints,
  settings,
  studyIdByName,
  type Filters,
} from './support/expected';
import { plottedTraces, readTable, waitForView } from './support/study-page';

test.afterAll(closeDatabase);

let studyId: number;

test.beforeAll(async () => {
  studyId = await studyIdByName(FIXTURE_STUDY);
});

/** The table on screen equals the rates computed in SQL from run_problem_aggregate. */
async function expectTableMatchesDatabase(page: Page, filters: Filters) {
  const expected = await expectedPoints(studyId, filters);
  const rows = await readTable(page);
  expect(rows.map((r) => r.checkpointId).sort((a, b) => a - b)).toEqual(expected.map((e) => e.checkpointId));
  for (const row of rows) {
    const e = expected.find((x) => x.checkpointId === row.checkpointId)!;
    const label = `checkpoint ${e.name}`;
    expect(row.role, label).toBe(e.role);
    if (e.alpha !== null) expect(row.alpha, label).toBe(e.alpha);
    expect(Math.abs(row.solveRate - e.solveRate), `${label} solve rate`).toBeLessThan(RATE_TOLERANCE);
    expect(Math.abs(row.correctnessRate - e.correctnessRate), `${label} correctness rate`).toBeLessThan(RATE_TOLERANCE);
    expect(Math.abs(row.optimizationRate - e.optimizationRate), `${label} optimization rate`).toBeLessThan(
      RATE_TOLERANCE,
    );
    expect(row.problems, `${label} problems`).toBe(e.problems);
    expect(row.n, `${label} n`).toBe(e.n);
  }
  return rows;
}

test('the frontier has one point per checkpoint, and the table equals the database', async ({ page }) => {
  await page.goto(`/studies/${studyId}`);
  await waitForView(page, '');
  const checkpoints = await checkpointsWithData(studyId);
  expect(checkpoints).toBeGreaterThan(1);

  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-points', String(checkpoints));
  await expect(page.getByTestId('checkpoint-row')).toHaveCount(checkpoints);
  const traces = await plottedTraces(page, 'frontier-plot');
  // The checkpoints' markers (the Pareto set's rings are drawn on top of some of them; the
  // endpoints' legend entries hold one empty point each).
  const markers = traces.filter((t) => t.mode?.includes('markers') && !t.name?.startsWith('Pareto'));
  expect(markers.reduce((sum, t) => sum + (t.x ?? []).filter((x) => x !== null).length, 0)).toBe(checkpoints);

  await expectTableMatchesDatabase(page, {});
  // Interpolation segments solid, extrapolation dashed: one segment per consecutive pair of
  // alphas on each model scale's line; a segment is interpolation when both ends lie between
  // that line's LOW and HIGH alphas (0 and 1 when a role is missing).
  const expected = await expectedPoints(studyId);
  const kinds: string[] = [];
  for (const scale of new Set(expected.map((p) => p.scale))) {
    const line = expected.filter((p) => p.scale === scale && p.alpha !== null);
    const alphas = line.map((p) => p.alpha!).sort((a, b) => a - b);
    const lo = line.find((p) => p.role === 'LOW')?.alpha ?? 0;
    const hi = line.find((p) => p.role === 'HIGH')?.alpha ?? 1;
    const inside = (a: number) => a >= Math.min(lo, hi) && a <= Math.max(lo, hi);
    kinds.push(...alphas.slice(1).map((a, i) => (inside(a) && inside(alphas[i]!) ? 'solid' : 'dash')));
  }
  const lines = traces.filter((t) => t.mode === 'lines');
  expect(lines.map((t) => t.line?.dash).sort()).toEqual(kinds.sort());

  await expect(page.getByTestId('solve-rate-plot')).toHaveAttribute('data-status', 'ready');
  await saveScreenshot(page, 'study-frontier');
});

test('the difficulty filter changes the URL and the numbers, and the URL reproduces the view', async ({
  page,
  context,
}) => {
  const available = await difficulties(studyId);
  const difficulty = available.includes('hard') ? 'hard' : available.at(-1)!;
  expect(available.length, 'the fixture has several difficulties').toBeGreaterThan(1);

  await page.goto(`/studies/${studyId}`);
  await waitForView(page, '');
  const before = await readTable(page);

  await page.getByTestId('filter-difficulty').selectOption(difficulty);
  await expect(page).toHaveURL(new RegExp(`[?&]difficulty=${difficulty}(&|$)`));
  await waitForView(page, `?difficulty=${difficulty}`);
  const after = await expectTableMatchesDatabase(page, { difficulty });
  expect(
    after.map((r) => r.solveRate),
    'filtering by difficulty changes the plotted numbers',
  ).not.toEqual(before.map((r) => r.solveRate));
  await saveScreenshot(page, `study-frontier-${difficulty}`);

  await page.reload();
  await waitForView(page, `?difficulty=${difficulty}`);
  await expect(page.getByTestId('filter-difficulty')).toHaveValue(difficulty);
  expect(await readTable(page)).toEqual(after);

  // A copied link, opened in a fresh tab, shows the same view.
  const copy = await context.newPage();
  await copy.goto(page.url());
  await waitForView(copy, `?difficulty=${difficulty}`);
  await expect(copy.getByTestId('filter-difficulty')).toHaveValue(difficulty);
  expect(await readTable(copy)).toEqual(after);

  await page.getByTestId('clear-filters').click();
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}$`));
  await waitForView(page, '');
  expect(await readTable(page)).toEqual(before);
});

test('a link with several filters is rendered by the server with the right numbers', async ({ page }) => {
  const filters = { difficulty: (await difficulties(studyId))[0]!, setting: (await settings(studyId))[0]! };
  const search = `?${new URLSearchParams(filters).toString()}`;
  // No browser request is needed: the server prefetches exactly this view and hydrates it.
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    // The view's data (the layout's pipeline status polls /api/jobs on its own schedule).
    if (r.url().includes('/api/studies/')) apiCalls.push(r.url());
  });
  await page.goto(`/studies/${studyId}${search}`);
  await waitForView(page, search);
  await expect(page.getByTestId('filter-difficulty')).toHaveValue(filters.difficulty);
  await expect(page.getByTestId('filter-setting')).toHaveValue(filters.setting);
  await expectTableMatchesDatabase(page, filters);
  expect(apiCalls, 'the first render comes from the server, not a browser request').toEqual([]);
});
