import { expect, test } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase, query } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';
import { readHeadline } from './support/frontier-explorer';

test.afterAll(closeDatabase);

let studyId: number;
test.beforeAll(async () => {
  studyId = await studyIdByName(FIXTURE_STUDY);
});

test('POST /api/shares validates the view', async ({ request }) => {
  for (const view of ['/studies/999999', 'https://evil.example/studies/1', `/studies/${studyId}/jobs`, `/studies/${studyId}?difficulty=`]) {
    const res = await request.post('/api/shares', { data: { studyId, view } });
    expect(res.status(), view).toBe(400);
    expect((await res.json()).error.message).toContain('invalid view');
  }
  expect((await request.post('/api/shares', { data: { studyId } })).status()).toBe(400);
  expect((await request.post('/api/shares', { data: { studyId: 999999, view: '/studies/999999' } })).status()).toBe(404);
  expect((await request.get('/s/not-a-token')).status()).toBe(404);
});

test('Share makes a read-only link to the same view; after the data changes it says so and can show either version', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto(`/studies/${studyId}?alpha=0.5&k=2`);
  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready');
  const live = await readHeadline(page);
  await page.getByTestId('share-button').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{16,}$/);
  const token = url.split('/s/')[1]!;
  const stored = await query<{ view: string; data_version: number }>('SELECT view, data_version FROM share WHERE token = $1', [token]);
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
  await query('UPDATE run_problem_aggregate SET solved = solved - 1, wa = wa + 1 WHERE run_id = $1 AND problem_id = $2', [cell!.run_id, cell!.problem_id]);
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
    await query('UPDATE run_problem_aggregate SET solved = $3, wa = $4 WHERE run_id = $1 AND problem_id = $2', [cell!.run_id, cell!.problem_id, cell!.solved, cell!.wa]);
    await query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [studyId]);
  }
});
