import { expect, test } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase, query } from './support/database';
import { FIXTURE_STUDY } from './support/fixture';

test.afterAll(closeDatabase);

test('the studies list shows every study, with the fixture counts from the database, and opens it', async ({
  page,
}) => {
  const studies = await query<{ id: number; name: string; origin: string; checkpoints: number; samples: string }>(
    `SELECT s.id, s.name, s.origin,
            (SELECT count(*)::int FROM checkpoint c WHERE c.study_id = s.id) AS checkpoints,
            (SELECT coalesce(sum(a.n), 0) FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id
               JOIN run_problem_aggregate a ON a.run_id = r.id WHERE c.study_id = s.id) AS samples
     FROM study s`,
  );
  await page.goto('/');
  await expect(page.getByTestId('study-item')).toHaveCount(studies.length);
  for (const study of studies) {
    const item = page.locator(`[data-testid="study-item"][data-study-id="${study.id}"]`);
    await expect(item.getByRole('link', { name: study.name })).toBeVisible();
    await expect(item.getByTestId('synthetic-badge')).toHaveCount(study.origin === 'synthetic' ? 1 : 0);
  }
  // Exact counts for the fixture, whose data no job is changing (the demo study may be mid-run).
  const fixture = studies.find((s) => s.name === FIXTURE_STUDY);
  expect(fixture, `the database has the "${FIXTURE_STUDY}" study`).toBeDefined();
  expect(fixture!.origin).toBe('synthetic');
  const item = page.locator(`[data-testid="study-item"][data-study-id="${fixture!.id}"]`);
  await expect(item.getByTestId('study-checkpoints')).toHaveText(fixture!.checkpoints.toLocaleString('en-US'));
  await expect(item.getByTestId('study-samples')).toHaveText(Number(fixture!.samples).toLocaleString('en-US'));
  await saveScreenshot(page, 'studies-list');

  await page.getByRole('link', { name: FIXTURE_STUDY }).click();
  await expect(page).toHaveURL(new RegExp(`/studies/${fixture!.id}$`));
  await expect(page.getByTestId('study-name')).toHaveText(FIXTURE_STUDY);
  await expect(page.getByTestId('synthetic-banner')).toContainText('Synthetic data');
});

test('an unknown study shows a not-found page with a way back', async ({ page }) => {
  const response = await page.goto('/studies/987654321');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('No such study');
  await expect(page.getByRole('link', { name: 'See all studies' })).toHaveAttribute('href', '/');
});
