import { expect, test } from '@playwright/test';
import { closeDatabase, query } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';

// pass@k's k on the Frontier tab: a k it cannot take (0, junk, more than the samples per problem)
// is refused with the reason, from the input and from a link's ?k=, never silently replaced.

test.afterAll(closeDatabase);

let studyId: number;
/** The samples per problem: the largest k some checkpoint (of some inference setting) can take on every problem. */
let maxN: number;

test.beforeAll(async () => {
  studyId = await studyIdByName(FIXTURE_STUDY);
  const [row] = await query<{ n: number }>(
    `SELECT max(least_n)::int AS n FROM (
       SELECT min(n) AS least_n FROM (
         SELECT r.checkpoint_id, r.setting, a.problem_id, sum(a.n) AS n FROM eval_run r
         JOIN checkpoint c ON c.id = r.checkpoint_id JOIN run_problem_aggregate a ON a.run_id = r.id
         WHERE c.study_id = $1 GROUP BY r.checkpoint_id, r.setting, a.problem_id HAVING sum(a.n) > 0) per_problem
       GROUP BY checkpoint_id, setting) per_point`,
    [studyId],
  );
  maxN = row!.n;
});

test("a link's k of 0, or junk, is named and why, and pass@1 is shown instead", async ({ page }) => {
  await page.goto(`/studies/${studyId}?alpha=0.5&k=0`);
  await expect(page.getByTestId('k-error')).toHaveText(
    'This link\'s k=0: k must be at least 1, since pass@k is the chance that one of k samples passes (got "0"); showing pass@1 instead.',
  );
  await expect(page.getByTestId('headline')).toContainText('pass@1');
  await expect(page.getByTestId('k-input')).toHaveValue('1');
  await page.goto(`/studies/${studyId}?alpha=0.5&k=abc`);
  await expect(page.getByTestId('k-error')).toHaveText(
    'This link\'s k=abc: k must be a whole number of at least 1 (got "abc"); showing pass@1 instead.',
  );
  await page.goto(`/studies/${studyId}?alpha=0.5&k=${maxN + 1}`);
  await expect(page.getByTestId('k-error')).toContainText(
    `k must be at most n = ${maxN}, the samples per problem here`,
  );
});

test('the pass@k input refuses 0 and k above n with the reason, keeps what was typed, and the view keeps its k', async ({
  page,
}) => {
  await page.goto(`/studies/${studyId}?alpha=0.5&k=3`);
  const input = page.getByTestId('k-input');
  await expect(input).toHaveValue('3');
  await expect(page.getByTestId('k-error')).toHaveCount(0);
  await input.fill('0');
  await expect(page.getByTestId('k-error')).toHaveText(
    'k must be at least 1, since pass@k is the chance that one of k samples passes (got "0"); still showing pass@3.',
  );
  await expect(input).toHaveValue('0');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('headline')).toContainText('pass@3');
  await expect(page).toHaveURL(/[?&]k=3(&|$)/);

  await input.fill(String(maxN + 1));
  await expect(page.getByTestId('k-error')).toContainText(`k must be at most n = ${maxN}`);
  await expect(page.getByTestId('headline')).toContainText('pass@3');

  await input.fill('2');
  await expect(page.getByTestId('k-error')).toHaveCount(0);
  await expect(page.getByTestId('headline')).toContainText('pass@2');
  await expect(page).toHaveURL(/[?&]k=2(&|$)/);
});
