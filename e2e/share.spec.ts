import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { collectErrors } from './support/console-errors';
import { closeDatabase, query } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';
import { readHeadline } from './support/frontier-explorer';
import { waitForMatrix } from './support/matrix';
import { shareAndOpen } from './support/share';

test.afterAll(closeDatabase);

let studyId: number;
test.beforeAll(async () => {
  studyId = await studyIdByName(FIXTURE_STUDY);
});

test('POST /api/shares validates the view', async ({ request }) => {
  for (const view of [
    '/studies/999999',
    'https://evil.example/studies/1',
    `/studies/${studyId}/jobs`,
    `/studies/${studyId}?difficulty=`,
  ]) {
    const res = await request.post('/api/shares', { data: { studyId, view } });
    expect(res.status(), view).toBe(400);
    expect((await res.json()).error.message).toContain('invalid view');
  }
  expect((await request.post('/api/shares', { data: { studyId } })).status()).toBe(400);
  expect((await request.post('/api/shares', { data: { studyId: 999999, view: '/studies/999999' } })).status()).toBe(
    404,
  );
  expect((await request.get('/s/not-a-token')).status()).toBe(404);
});

test('Share makes a read-only link to the same view; after the data changes it says so and can show either version', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/studies/${studyId}?alpha=0.5&k=2`);
  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready');
  const live = await readHeadline(page);
  await page.getByTestId('share-button').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{16,}$/);
  const token = url.split('/s/')[1]!;
  const stored = await query<{ view: string; data_version: number }>(
    'SELECT view, data_version FROM share WHERE token = $1',
    [token],
  );
  expect(stored[0]!.view).toBe(`/studies/${studyId}?alpha=0.5&k=2`);

  const other = await browser.newPage();
  await other.goto(url);
  await expect(other.getByTestId('shared-banner')).toContainText('Shared view');
  await expect(other.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 }); // first visit compiles the page in dev
  expect(await readHeadline(other)).toEqual(live);
  await expect(other.getByTestId('share-button')).toHaveCount(0);
  await expect(other.getByTestId('evaluate-alpha')).toHaveCount(0);
  await expect(other.getByTestId('filter-difficulty')).toBeDisabled();
  await expect(other.getByTestId('data-changed')).toHaveCount(0);
  await saveScreenshot(other, 'share-pinned');

  // The data changes: one problem's counts of the shared checkpoint move and the version is bumped
  // (what the worker does after aggregating new samples), restored afterwards.
  const [cell] = await query<{ run_id: number; problem_id: number; solved: number; wa: number }>(
    `SELECT a.run_id, a.problem_id, a.solved, a.wa FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id
     WHERE r.checkpoint_id = $1 AND a.solved > 0 ORDER BY a.problem_id LIMIT 1`,
    [live.checkpointId],
  );
  await query(
    'UPDATE run_problem_aggregate SET solved = solved - 1, wa = wa + 1 WHERE run_id = $1 AND problem_id = $2',
    [cell!.run_id, cell!.problem_id],
  );
  await query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [studyId]);
  try {
    await other.reload();
    await expect(other.getByTestId('data-changed')).toContainText('The data has changed since this link was shared');
    await expect(other.getByTestId('shared-view')).toHaveAttribute('data-source', 'pinned');
    await expect(other.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready');
    expect(await readHeadline(other)).toEqual(live);

    await other.getByTestId('show-current').check();
    await expect(other.getByTestId('shared-view')).toHaveAttribute('data-source', 'current');
    await expect(other.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready');
    const current = await readHeadline(other);
    expect(current.solve.value).toBeLessThan(live.solve.value);
    await saveScreenshot(other, 'share-current');

    await other.getByTestId('show-pinned').check();
    await expect(other.getByTestId('shared-view')).toHaveAttribute('data-source', 'pinned');
    expect(await readHeadline(other)).toEqual(live);
  } finally {
    await query('UPDATE run_problem_aggregate SET solved = $3, wa = $4 WHERE run_id = $1 AND problem_id = $2', [
      cell!.run_id,
      cell!.problem_id,
      cell!.solved,
      cell!.wa,
    ]);
    await query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [studyId]);
  }
});

interface CountsRow {
  checkpointId: number;
  n: number;
  solved: number;
  wa: number;
  tle: number;
}

/** A problem's counts per checkpoint as the pinned-problem table shows them. */
const shownCounts = (page: Page): Promise<CountsRow[]> =>
  page.getByTestId('problem-count-row').evaluateAll((rows) =>
    rows.map((r) => {
      const value = (id: string) => Number(r.querySelector(`[data-testid="${id}"]`)!.getAttribute('data-value'));
      return {
        checkpointId: Number(r.getAttribute('data-checkpoint-id')),
        n: value('count-n'),
        solved: value('count-solved'),
        wa: value('count-wa'),
        tle: value('count-tle'),
      };
    }),
  );

test('a cell of a shared matrix opens the problem inside the link: what the link pinned, read-only, and a labelled way to the live study', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const view = `/studies/${studyId}/matrix`;
  await page.goto(view);
  await waitForMatrix(page);
  const shared = await shareAndOpen(page, browser, view);
  const other = shared.page;
  await waitForMatrix(other);
  const row = other.getByTestId('matrix-row').first();
  const problemId = Number(await row.getAttribute('data-problem-id'));
  const cell = row.locator('[data-testid="matrix-cell"]:not([data-n="-1"])').first();
  const checkpointId = Number(await cell.getAttribute('data-checkpoint-id'));
  const countsSql = `SELECT c.id AS "checkpointId", sum(a.n)::int AS n, sum(a.solved)::int AS solved, sum(a.wa)::int AS wa, sum(a.tle)::int AS tle
     FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id JOIN run_problem_aggregate a ON a.run_id = r.id AND a.problem_id = $2
     WHERE c.study_id = $1 GROUP BY c.id ORDER BY c.id`;
  const pinned = await query<CountsRow>(countsSql, [studyId, problemId]);
  expect(pinned.length).toBeGreaterThan(0);

  // The data changes after the link was made: the problem view must still show what was pinned.
  const [agg] = await query<{ run_id: number; solved: number; wa: number }>(
    'SELECT a.run_id, a.solved, a.wa FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id WHERE r.checkpoint_id = $1 AND a.problem_id = $2 ORDER BY a.run_id LIMIT 1',
    [checkpointId, problemId],
  );
  const moved =
    agg!.solved > 0 ? { solved: agg!.solved - 1, wa: agg!.wa + 1 } : { solved: agg!.solved + 1, wa: agg!.wa - 1 };
  await query('UPDATE run_problem_aggregate SET solved = $3, wa = $4 WHERE run_id = $1 AND problem_id = $2', [
    agg!.run_id,
    problemId,
    moved.solved,
    moved.wa,
  ]);
  await query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [studyId]);
  try {
    await cell.click();
    await expect(other).toHaveURL(new RegExp(`/s/${shared.token}\\?problem=${problemId}&checkpoint=${checkpointId}$`));
    const problem = other.getByTestId('pinned-problem');
    await expect(problem).toHaveAttribute('data-problem-id', String(problemId));
    const [p] = await query<{ external_id: string; title: string; difficulty: string }>(
      'SELECT external_id, title, difficulty FROM problem WHERE id = $1',
      [problemId],
    );
    await expect(other.getByTestId('pinned-problem-title')).toContainText(`${p!.external_id} ${p!.title}`);
    await expect(other.getByTestId('pinned-problem-difficulty')).toHaveText(p!.difficulty);
    // Still the snapshot: its banner, read-only, nothing asked of the live study.
    await expect(other.getByTestId('shared-banner')).toBeVisible();
    await expect(other.getByTestId('shared-view')).toHaveAttribute('data-source', 'pinned');
    const shown = await shownCounts(other);
    expect(shown.filter((r) => r.n >= 0).sort((a, b) => a.checkpointId - b.checkpointId)).toEqual(pinned);
    await expect(
      other.locator(`[data-testid="problem-count-row"][data-checkpoint-id="${checkpointId}"]`),
    ).toHaveAttribute('aria-selected', 'true');
    // Samples are not pinned: said in words, with a clearly labelled way to the live drill-down.
    await expect(other.getByTestId('pinned-problem-note')).toContainText(
      'Its samples, statement and per-test results are not part of a shared link.',
    );
    const live = other.getByTestId('pinned-problem-live');
    await expect(live).toHaveText('Open this problem in the live study');
    await expect(live).toHaveAttribute('href', `/studies/${studyId}/problems/${problemId}?checkpoint=${checkpointId}`);
    expect(shared.apiRequests).toEqual([]);
    await saveScreenshot(other, 'share-matrix-problem');

    // The reader who chooses the current data sees the problem's counts as they are now.
    await other.getByTestId('show-current').check();
    await expect(other.getByTestId('shared-view')).toHaveAttribute('data-source', 'current');
    await expect(other.getByTestId('pinned-problem-note')).toContainText('The study now has');
    await expect(
      other.locator(`[data-testid="problem-count-row"][data-checkpoint-id="${checkpointId}"] [data-testid="count-wa"]`),
    ).toHaveAttribute(
      'data-value',
      String(pinned.find((r) => r.checkpointId === checkpointId)!.wa + moved.wa - agg!.wa),
    );
    await other.getByTestId('show-pinned').check();
    await expect(other.getByTestId('shared-view')).toHaveAttribute('data-source', 'pinned');
    expect((await shownCounts(other)).filter((r) => r.n >= 0).sort((a, b) => a.checkpointId - b.checkpointId)).toEqual(
      pinned,
    );
  } finally {
    await query('UPDATE run_problem_aggregate SET solved = $3, wa = $4 WHERE run_id = $1 AND problem_id = $2', [
      agg!.run_id,
      problemId,
      agg!.solved,
      agg!.wa,
    ]);
    await query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [studyId]);
  }

  // Back to the shared matrix, still inside the link.
  await other.getByTestId('pinned-problem-back').click();
  await waitForMatrix(other);
  expect(new URL(other.url()).pathname).toBe(`/s/${shared.token}`);

  // A link naming a problem the snapshot cannot show says so instead of guessing.
  await other.goto(`/s/${shared.token}?problem=abc`);
  await expect(other.getByTestId('bad-shared-problem')).toContainText('problem must be a positive integer (got "abc")');
  await other.goto(`/s/${shared.token}?problem=2147483647`);
  await expect(other.getByTestId('bad-shared-problem')).toContainText(
    'problem 2147483647 is not in the data this link shows',
  );
  await other.goto(`/s/${shared.token}?problem=${problemId}&checkpoint=2147483647`);
  await expect(other.getByTestId('bad-shared-problem')).toContainText(
    'checkpoint 2147483647 is not in the data this link shows',
  );
  await other.close();
});

test("the share list and the shared banner write when a link was made the same way, in UTC, whatever the reader's time zone and language", async ({
  request,
  browser,
}) => {
  const res = await request.post('/api/shares', { data: { studyId, view: `/studies/${studyId}/matrix` } });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const [row] = await query<{ created_at: Date }>('SELECT created_at FROM share WHERE token = $1', [token]);
  const stamp = `${row!.created_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  // Far from the server's zone and language: a locale-formatted date would differ from the HTML.
  const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati', locale: 'de-DE' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/shares');
  await expect(page.locator(`[data-testid="share-row"][data-token="${token}"] [data-testid="share-made"]`)).toHaveText(
    stamp,
  );
  await page.goto(`/s/${token}`);
  await expect(page.getByTestId('shared-made')).toHaveText(stamp);
  await waitForMatrix(page);
  expect(errors).toEqual([]);
  await context.close();
});
