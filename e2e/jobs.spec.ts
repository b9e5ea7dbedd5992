import { expect, test } from '@playwright/test';
import { collectErrors } from './support/console-errors';
import { closeDatabase, query } from './support/database';
import { studyIdByName } from './support/expected';
import { DEMO_STUDY } from './support/jobs';

// The Jobs pages render the jobs on the server (no "Loading jobs…" in the HTML) and hydrate
// without a mismatch, however the browser's own fetches race the streamed page.

test.afterAll(closeDatabase);

let studyId: number;
test.beforeAll(async () => {
  studyId = await studyIdByName(DEMO_STUDY);
});

for (const path of ['/studies/:id/jobs', '/jobs']) {
  test(`${path}: the server's HTML carries the jobs, and 20 loads give no console error`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const url = path.replace(':id', String(studyId));
    const [jobs] = await query<{ n: number }>('SELECT count(*)::int AS n FROM pipeline_job WHERE study_id = $1', [
      studyId,
    ]);
    expect(jobs!.n, "npm start queued the demo study's jobs").toBeGreaterThan(0);

    const res = await request.get(url);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="jobs-view"');
    expect(html).toContain('data-testid="job-chain"');
    expect(html).not.toContain('Loading jobs');

    const errors = collectErrors(page);
    // Every other load, the jobs view's script arrives late (a slow network): by the time the view
    // hydrates, the browser's cache already holds the jobs that the layout's pipeline status
    // fetched. Hydration must still render exactly the server's HTML (React error #418 otherwise).
    let slow = false;
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (slow && body.includes('jobs-view') && !body.includes('pipeline-status'))
        await new Promise((r) => setTimeout(r, 1_500));
      await route.fulfill({ response, body });
    });
    for (let i = 0; i < 20; i++) {
      slow = i % 2 === 1;
      await page.goto(url);
      await expect(page.getByTestId('job-chain').first()).toBeVisible();
      // Hydration has finished (and its errors are logged) once React answers events.
      await expect(page.getByTestId('jobs-view')).toHaveAttribute('data-hydrated', 'true');
    }
    expect(errors).toEqual([]);
  });
}

test('a chain card says when it was queued, started and finished, and by whom', async ({ page }) => {
  const [first] = await query<{ id: number; created_at: Date }>(
    `SELECT id, created_at FROM pipeline_job WHERE study_id = $1 AND depends_on_id IS NULL AND kind = 'merge' AND state = 'SUCCEEDED' ORDER BY id LIMIT 1`,
    [studyId],
  );
  expect(first, 'the demo study has a finished chain').toBeDefined();
  await page.goto(`/studies/${studyId}/jobs`);
  const card = page.locator(`[data-testid="job-chain"][data-chain-id="${first!.id}"]`);
  const stamp = `${first!.created_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await expect(card.getByTestId('chain-queued')).toContainText(stamp);
  await expect(card.getByTestId('chain-started')).toContainText('UTC');
  await expect(card.getByTestId('chain-finished')).toContainText('UTC');
  // npm start queues the demo's sweep from the command line.
  await expect(card.getByTestId('chain-created-by')).toHaveText('by the CLI');
});

test("a re-judging's card says how many samples it judged again and which verdicts changed, by class", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // One judged sample of the demo study, given a verdict the judge did not reach (as an older judge might have).
  const [s] = await query<{ alpha: number; problem: string; run: number; pid: number; idx: number; verdict: string }>(
    `SELECT c.alpha, p.external_id AS problem, x.run_id AS run, x.problem_id AS pid, x.idx, x.verdict::text AS verdict
     FROM sample x JOIN eval_run r ON r.id = x.run_id JOIN checkpoint c ON c.id = r.checkpoint_id JOIN problem p ON p.id = x.problem_id
     WHERE c.study_id = $1 AND x.judge_version IS NOT NULL AND x.verdict IN ('TLE', 'WA') AND c.alpha IS NOT NULL
     ORDER BY x.run_id, x.problem_id, x.idx LIMIT 1`,
    [studyId],
  );
  expect(s, 'the demo study has judged samples').toBeDefined();
  await query(
    `UPDATE sample SET verdict = 'AC', failure_class = 'SOLVED' WHERE run_id = $1 AND problem_id = $2 AND idx = $3`,
    [s!.run, s!.pid, s!.idx],
  );
  const res = await request.post(`/api/studies/${studyId}/rejudge`, {
    data: { alphas: String(s!.alpha), problems: [s!.problem] },
  });
  expect(res.status()).toBe(202);
  const { job } = (await res.json()) as { job: { id: number } };
  await expect
    .poll(
      async () => (await query<{ state: string }>('SELECT state FROM pipeline_job WHERE id = $1', [job.id]))[0]!.state,
      {
        timeout: 90_000,
      },
    )
    .toBe('SUCCEEDED');
  const [after] = await query<{ verdict: string }>(
    'SELECT verdict::text AS verdict FROM sample WHERE run_id = $1 AND problem_id = $2 AND idx = $3',
    [s!.run, s!.pid, s!.idx],
  );
  expect(after!.verdict).toBe(s!.verdict);

  await page.goto(`/studies/${studyId}/jobs`);
  const card = page.locator(`[data-testid="job-chain"][data-chain-id="${job.id}"]`);
  await expect(card.getByRole('heading')).toHaveText(`Re-judging #${job.id}`);
  const summary = card.getByTestId('rejudge-summary');
  await expect(summary).toHaveAttribute('data-changes', JSON.stringify({ [`AC>${s!.verdict}`]: 1 }));
  const to = s!.verdict === 'TLE' ? 'OPTIMIZATION' : 'CORRECTNESS';
  await expect(summary).toContainText(`1 changed: 1 SOLVED->${to}`);
});
