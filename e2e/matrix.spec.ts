import { expect, test } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase, query } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';
import { ensureSaturatedStudy } from './support/saturated-study';
import { ensureLargeStudy, expectedMatrix, readAllRows, waitForMatrix, type ExpectedRow } from './support/matrix';
import { expectReadOnly, shareAndOpen } from './support/share';

// The per-problem solve matrix: its cells, sorts, filters and flags against run_problem_aggregate.

test.afterAll(closeDatabase);

let studyId: number;
let expected: ExpectedRow[];

test.beforeAll(async () => {
  studyId = await studyIdByName(FIXTURE_STUDY);
  expected = await expectedMatrix(studyId);
});

test('every cell is c/n of the aggregates, no-data cells are marked, columns in alpha order', async ({ page }) => {
  await page.goto(`/studies/${studyId}/matrix?sort=problem`);
  await waitForMatrix(page);
  await expect(page.getByTestId('matrix-summary')).toHaveAttribute('data-total', String(expected.length));
  const rows = await readAllRows(page);
  // Sorted by problem: the database's external-id order.
  expect(rows.map((r) => r.problemId)).toEqual(expected.map((e) => e.problemId));
  let checked = 0;
  for (const row of rows) {
    const e = expected.find((x) => x.problemId === row.problemId)!;
    expect(
      row.cells.map((c) => c.checkpointId),
      row.externalId,
    ).toEqual(e.cells.map((c) => c.checkpointId));
    row.cells.forEach((cell, j) => {
      const want = e.cells[j]!;
      expect({ c: cell.c, n: cell.n }, `${row.externalId} @ checkpoint ${cell.checkpointId}`).toEqual({
        c: want.n < 0 ? 0 : want.c,
        n: want.n,
      });
      expect(cell.text).toBe(want.n > 0 ? `${want.c}/${want.n}` : want.n === 0 ? '0/0' : '·');
      checked++;
    });
  }
  expect(checked).toBeGreaterThan(100);
  const alphas = await page
    .getByTestId('matrix-col')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-alpha'))));
  expect(alphas).toEqual([...alphas].sort((a, b) => a - b));
  await expect(page.getByTestId('matrix-legend')).toContainText('no data');
  await saveScreenshot(page, 'matrix');
});

test('sorting by spread orders rows by max - min of c/n across alphas', async ({ page }) => {
  await page.goto(`/studies/${studyId}/matrix`);
  await waitForMatrix(page);
  await page.getByTestId('matrix-sort').selectOption('spread');
  await expect(page).toHaveURL(/[?&]sort=spread/);
  await waitForMatrix(page);
  const rows = await readAllRows(page);
  // Largest spread first; ties keep the database's external-id order.
  const order = [...expected].sort((a, b) => b.spread - a.spread || expected.indexOf(a) - expected.indexOf(b));
  expect(rows.map((r) => r.externalId)).toEqual(order.map((e) => e.externalId));
  expect(order[0]!.spread).toBeGreaterThan(order.at(-1)!.spread);
});

test('the differs filter shows exactly the problems whose rates differ across alphas at q < 0.05', async ({ page }) => {
  // The fixture's 8 samples per cell are too few to call anything; the saturated study has 250.
  const studyId = await ensureSaturatedStudy();
  const expected = await expectedMatrix(studyId);
  await page.goto(`/studies/${studyId}/matrix?sort=problem`);
  await waitForMatrix(page);
  await page.getByTestId('matrix-differs').check();
  await expect(page).toHaveURL(/[?&]differs=1/);
  await waitForMatrix(page);
  const want = expected.filter((e) => e.differsQ < 0.05).map((e) => e.externalId);
  // By construction: 23 problems move along alpha, 27 stay flat.
  expect(want).toHaveLength(23);
  await expect(page.getByTestId('matrix-summary')).toHaveAttribute('data-shown', String(want.length));
  expect((await readAllRows(page)).map((r) => r.externalId)).toEqual(want);
  // The URL alone reproduces the view.
  await page.reload();
  await waitForMatrix(page);
  await expect(page.getByTestId('matrix-differs')).toBeChecked();
  await expect(page.getByTestId('matrix-summary')).toHaveAttribute('data-shown', String(want.length));
});

test('unstable rows (a dip or peak beyond the 95% intervals) are flagged and filterable (demo study)', async ({
  page,
}) => {
  // The fixture's 8 samples per cell are too few for a dip beyond the intervals; the demo has 64.
  const demo = await query<{ id: number }>(`SELECT id FROM study WHERE origin = 'demo' ORDER BY id LIMIT 1`);
  expect(demo[0], 'npm start made the demo lab study (the fixture setup waits for it)').toBeTruthy();
  const demoId = demo[0]!.id;
  const demoExpected = await expectedMatrix(demoId);
  await page.goto(`/studies/${demoId}/matrix?sort=problem`);
  await waitForMatrix(page);
  const rows = await readAllRows(page);
  for (const row of rows) {
    const e = demoExpected.find((x) => x.problemId === row.problemId)!;
    expect(row.unstable, row.externalId).toBe(e.unstable);
    expect(row.marked, `${row.externalId} has a visible mark iff unstable`).toBe(e.unstable);
  }
  const want = demoExpected.filter((e) => e.unstable).map((e) => e.externalId);
  expect(want.length, 'the demo study (fixed seeds) has unstable problems').toBeGreaterThan(0);
  expect(want.length).toBeLessThan(demoExpected.length);
  await page.getByTestId('matrix-unstable').check();
  await expect(page).toHaveURL(/[?&]unstable=1/);
  await waitForMatrix(page);
  expect((await readAllRows(page)).map((r) => r.externalId)).toEqual(want);
  await expect(page.getByTestId('matrix-summary')).toHaveAttribute('data-shown', String(want.length));
});

test('solved cells follow the solved rule in force, which the legend names', async ({ page }) => {
  await page.goto(`/studies/${studyId}/matrix?sort=problem&solved=rate-0.25`);
  await waitForMatrix(page);
  await expect(page.getByTestId('matrix-solved-legend')).toContainText('c/n ≥ 0.25');
  const marks = await page.getByTestId('matrix-cell').evaluateAll((els) =>
    els.map((el) => ({
      c: Number(el.getAttribute('data-c')),
      n: Number(el.getAttribute('data-n')),
      solved: el.getAttribute('data-solved'),
    })),
  );
  expect(marks.length).toBeGreaterThan(50);
  for (const m of marks) expect(m.solved).toBe(m.n <= 0 ? '-' : m.c / m.n >= 0.25 ? '1' : '0');
  expect(marks.some((m) => m.solved === '1') && marks.some((m) => m.solved === '0')).toBe(true);
});

test('?alpha= highlights that column, and a click on a cell opens the drill-down at that checkpoint', async ({
  page,
}) => {
  await page.goto(`/studies/${studyId}/matrix?alpha=0.5`);
  await waitForMatrix(page);
  const selected = page.locator('[data-testid="matrix-col"][data-selected]');
  await expect(selected).toHaveCount(1);
  await expect(selected).toHaveAttribute('data-alpha', '0.5');
  await expect(page.getByTestId('matrix-alpha')).toHaveValue('0.5');

  const cell = page.getByTestId('matrix-row').nth(2).locator('[data-testid="matrix-cell"]').nth(3);
  const problemId = await page.getByTestId('matrix-row').nth(2).getAttribute('data-problem-id');
  const checkpointId = await cell.getAttribute('data-checkpoint-id');
  await cell.click();
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}/problems/${problemId}\\?checkpoint=${checkpointId}$`));
  await expect(page.getByTestId('problem-view')).toHaveAttribute('data-problem-id', problemId!);
  await expect(page.locator(`[data-testid="problem-count-row"][data-checkpoint-id="${checkpointId}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('samples-checkpoint')).toHaveValue(checkpointId!);
});

test('the CSV export is the matrix as shown, and the PNG export is an image of the rows in view', async ({ page }) => {
  const studyId = await ensureSaturatedStudy();
  const expected = await expectedMatrix(studyId);
  await page.goto(`/studies/${studyId}/matrix?sort=problem&differs=1`);
  await waitForMatrix(page);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csv.suggestedFilename()).toBe(`study-${studyId}-solve-matrix.csv`);
  const text = (await (await import('node:fs/promises')).readFile((await csv.path())!, 'utf8')).trim().split('\r\n');
  const rows = expected.filter((e) => e.differsQ < 0.05);
  expect(text).toHaveLength(rows.length + 1);
  const header = text[0]!.split(',');
  expect(header.slice(0, 2)).toEqual(['problem', 'difficulty']);
  expect(header.slice(-7)).toEqual([
    'solved_rule',
    'solved_at',
    'flip_alpha',
    'unstable',
    'differs_test',
    'differs_p',
    'differs_q',
  ]);
  text.slice(1).forEach((line, i) => {
    const e = rows[i]!;
    const fields = line.split(',');
    expect(fields.slice(0, 2 + e.cells.length)).toEqual([
      e.externalId,
      e.difficulty,
      ...e.cells.map((c) => (c.n < 0 ? '' : `${c.c}/${c.n}`)),
    ]);
    expect(fields.at(-7)).toBe('c/n ≥ 0.5');
    expect(Math.abs(Number(fields.at(-1)) - e.differsQ)).toBeLessThan(1e-12);
  });
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
  const bytes = await (await import('node:fs/promises')).readFile((await png.path())!);
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(2000);
});

test('Share pins the matrix: the link shows the same rows read-only, and its sort still works locally', async ({
  page,
  browser,
}) => {
  const studyId = await ensureSaturatedStudy();
  const expected = await expectedMatrix(studyId);
  const view = `/studies/${studyId}/matrix?sort=spread&differs=1`;
  await page.goto(view);
  await waitForMatrix(page);
  const live = await readAllRows(page);
  expect(live.length).toBeGreaterThan(0);
  const shared = await shareAndOpen(page, browser, view);
  const other = shared.page;
  await waitForMatrix(other);
  expect(await readAllRows(other)).toEqual(live);
  await expect(other.getByTestId('matrix-summary')).toHaveAttribute('data-shown', String(live.length));
  await expectReadOnly(other);
  expect(shared.apiRequests).toEqual([]);
  await saveScreenshot(other, 'share-matrix');

  // The reader may re-sort the pinned rows; the link's own URL does not change.
  await other.getByTestId('matrix-sort').selectOption('problem');
  await waitForMatrix(other);
  const resorted = await readAllRows(other);
  const want = expected.filter((e) => live.some((r) => r.problemId === e.problemId));
  expect(resorted.map((r) => r.problemId)).toEqual(want.map((e) => e.problemId));
  expect(other.url()).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
  expect(shared.apiRequests).toEqual([]);
  await other.close();
});

test('an invalid matrix parameter is reported, not guessed at', async ({ page }) => {
  await page.goto(`/studies/${studyId}/matrix?sort=sideways`);
  await expect(page.getByTestId('bad-matrix-params')).toContainText('sort');
});

test('a 1,200-problem study renders only the rows in view and scrolls to the last problem', async ({ page }) => {
  test.setTimeout(300_000);
  const largeId = await ensureLargeStudy('E2E matrix 1200 (SYNTHETIC DATA)');
  const large = await expectedMatrix(largeId);
  expect(large.length).toBe(1200);
  await page.goto(`/studies/${largeId}/matrix?sort=problem`);
  await waitForMatrix(page);
  const grid = page.getByTestId('matrix-grid');
  await expect(grid).toHaveAttribute('data-total-rows', '1200');
  const rendered = await page.getByTestId('matrix-row').count();
  expect(rendered).toBeLessThan(100);
  expect(await page.getByTestId('matrix-cell').count()).toBeLessThan(100 * 5);

  // Scroll in steps, as a user would, then to the very end.
  for (let i = 0; i < 5; i++) {
    await grid.evaluate((el) => el.scrollBy({ top: 2000 }));
    await page.waitForTimeout(50);
  }
  await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await grid.scrollIntoViewIfNeeded();
  const last = large.at(-1)!;
  const lastRow = page.locator(`[data-testid="matrix-row"][data-row-index="1199"]`);
  await expect(lastRow).toBeInViewport();
  await expect(lastRow).toHaveAttribute('data-external-id', last.externalId);
  const cells = await lastRow
    .locator('[data-testid="matrix-cell"]')
    .evaluateAll((els) => els.map((c) => `${c.getAttribute('data-c')}/${c.getAttribute('data-n')}`));
  expect(cells).toEqual(last.cells.map((c) => `${c.n < 0 ? 0 : c.c}/${c.n}`));
  expect(await page.getByTestId('matrix-row').count()).toBeLessThan(100);
  await saveScreenshot(page, 'matrix-1200-bottom');
});
