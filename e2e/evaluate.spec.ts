import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase, dataDir, query } from './support/database';
import { expectedPoints, studyIdByName } from './support/expected';
import { FIXTURE_STUDY, RATE_TOLERANCE } from './support/fixture';
import { activeJobs, DEMO_STUDY, forgetAlphas, holdMerges, jobsInDb, jobsOnPage } from './support/jobs';
import { readTable, waitForView } from './support/study-page';

// "Evaluate alpha" end to end on the demo study: the real worker merges, generates, judges and
// aggregates a new alpha while the page follows it, and the jobs pages agree with pipeline_job.

const NEW_ALPHA = 2.5;
const CANCEL_ALPHA = 2.75;

/** POST /api/studies/:id/evaluate's answer, per alpha. */
interface EvaluateAnswer {
  chains: {
    alpha: number;
    jobIds: number[];
    existing: boolean;
    state: string;
    jobs: { id: number; kind: string; state: string }[];
  }[];
}

const dataVersion = async (id: number) =>
  (await query<{ v: number }>('SELECT data_version AS v FROM study WHERE id = $1', [id]))[0]!.v;

test.describe.configure({ mode: 'serial' });
test.afterAll(closeDatabase);

let studyId: number;

test.beforeAll(async () => {
  test.setTimeout(420_000);
  studyId = await studyIdByName(DEMO_STUDY);
  // The demo's initial sweep (queued by `npm start`) must be done before the tests add to it.
  await expect
    .poll(() => activeJobs(studyId), {
      timeout: 400_000,
      intervals: [2_000, 5_000],
      message: 'the demo study has finished its initial jobs',
    })
    .toBe(0);
  await forgetAlphas(studyId, [NEW_ALPHA, CANCEL_ALPHA]);
});

test('evaluating alpha 2.5 on the study page runs its chain and adds its point to the frontier without a reload', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto(`/studies/${studyId}`);
  await waitForView(page, '');
  const before = await readTable(page);
  expect(
    before.some((r) => r.alpha === NEW_ALPHA),
    'no point at the new alpha yet',
  ).toBe(false);
  // The demo study serves each checkpoint in launch mode, as a GPU lab with vLLM does.
  const settings = page.getByTestId('evaluation-settings');
  await settings.locator('summary').click();
  await expect(settings).toContainText('launch: a server started per checkpoint');
  await expect(settings).toContainText('--served-model-name {model} --port {port}');
  // A marker that a reload would lose.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  // The toy pipeline takes seconds; holding the merge keeps the queued chain on screen meanwhile.
  const release = await holdMerges();
  try {
    await page.getByTestId('evaluate-alpha-input').fill(String(NEW_ALPHA));
    await page.getByTestId('evaluate-alpha-submit').click();
    const chain = page.getByTestId('evaluate-chains').getByTestId('job-chain');
    // Generous: under `next dev` a rebuild triggered by any edited file can stall the page for seconds.
    await expect(chain).toHaveAttribute('data-alpha', String(NEW_ALPHA), { timeout: 60_000 });
    await expect(chain.getByTestId('job-row')).toHaveCount(4);
    const queued = await jobsInDb(studyId, NEW_ALPHA);
    expect(queued.map((j) => j.kind)).toEqual(['merge', 'generate', 'judge', 'aggregate']);
    await expect(chain.getByTestId('job-row').first()).toHaveAttribute('data-state', 'RUNNING');
    const shown = await jobsOnPage(page, '[data-testid="evaluate-chains"]');
    expect(shown.map((j) => [j.id, j.kind, j.state])).toEqual(queued.map((j) => [j.id, j.kind, j.state]));
    expect(shown.map((j) => j.state)).toEqual(['RUNNING', 'QUEUED', 'QUEUED', 'QUEUED']);
    await expect(page.getByTestId('pipeline-status')).toContainText('Pipeline running: 0 of 4 jobs done');
    await saveScreenshot(page, 'evaluate-alpha-queued');
  } finally {
    await release();
  }

  const chain = page.getByTestId('evaluate-chains').getByTestId('job-chain');
  await expect(chain).toHaveAttribute('data-state', 'SUCCEEDED', { timeout: 180_000 });
  await expect(page.getByTestId('pipeline-status')).toHaveCount(0);
  const done = await jobsInDb(studyId, NEW_ALPHA);
  expect(done.every((j) => j.state === 'SUCCEEDED')).toBe(true);
  const finished = await jobsOnPage(page, '[data-testid="evaluate-chains"]');
  for (const job of finished) {
    const row = done.find((j) => j.id === job.id)!;
    expect(job, `${job.kind} on screen = its pipeline_job row`).toMatchObject({
      state: row.state,
      done: row.done,
      total: row.total,
      percent: 100,
    });
  }
  expect(finished.find((j) => j.kind === 'judge')!.total, 'the judge counted its samples').toBeGreaterThan(0);
  // The samples came from a server launched on the directory merged at 2.5, which was stopped.
  const generate = done.find((j) => j.kind === 'generate')!;
  const serverLog = readFileSync(join(dataDir, 'logs', 'inference', `job-${generate.id}.log`), 'utf8');
  expect(serverLog).toContain(`alpha=${NEW_ALPHA}`);
  expect(serverLog).toMatch(new RegExp(`serving model "toy-alpha-${NEW_ALPHA}" on http://127\\.0\\.0\\.1:\\d+`));

  // The chain's completion refreshes the frontier: a row at alpha 2.5 with the database's numbers.
  const point = page
    .locator('[data-testid="checkpoint-row"]')
    .filter({ has: page.locator(`[data-testid="alpha"][data-value="${NEW_ALPHA}"]`) });
  await expect(point).toHaveCount(1, { timeout: 30_000 });
  await waitForView(page, '');
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    'no reload happened',
  ).toBe(true);
  const rows = await readTable(page);
  expect(rows).toHaveLength(before.length + 1);
  const expected = (await expectedPoints(studyId)).find((e) => e.alpha === NEW_ALPHA);
  expect(expected, 'run_problem_aggregate has the new checkpoint').toBeDefined();
  const row = rows.find((r) => r.alpha === NEW_ALPHA)!;
  expect(row.checkpointId).toBe(expected!.checkpointId);
  expect(Math.abs(row.solveRate - expected!.solveRate)).toBeLessThan(RATE_TOLERANCE);
  expect(Math.abs(row.correctnessRate - expected!.correctnessRate)).toBeLessThan(RATE_TOLERANCE);
  expect(Math.abs(row.optimizationRate - expected!.optimizationRate)).toBeLessThan(RATE_TOLERANCE);
  expect(row.problems).toBe(expected!.problems);
  expect(row.n).toBe(expected!.n);
  await saveScreenshot(page, 'evaluate-alpha-done');
});

test('asking again for an evaluated alpha answers with its chain, queues nothing and keeps the data version', async ({
  page,
  request,
}) => {
  const jobsBefore = await jobsInDb(studyId);
  const chain = jobsBefore.filter((j) => j.alpha === NEW_ALPHA);
  const versionBefore = await dataVersion(studyId);
  // Twice over the API: the same answer each time, 200 since nothing was queued.
  for (let i = 0; i < 2; i++) {
    const res = await request.post(`/api/studies/${studyId}/evaluate`, { data: { alphas: String(NEW_ALPHA) } });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as EvaluateAnswer).chains).toEqual([
      {
        alpha: NEW_ALPHA,
        jobIds: chain.map((j) => j.id),
        existing: true,
        state: 'SUCCEEDED',
        jobs: chain.map((j) => ({ id: j.id, kind: j.kind, state: 'SUCCEEDED' })),
      },
    ]);
  }
  // And from the page, which says so and shows the chain it already had.
  await page.goto(`/studies/${studyId}`);
  await page.getByTestId('evaluate-alpha-input').fill(String(NEW_ALPHA));
  await page.getByTestId('evaluate-alpha-submit').click();
  await expect(page.getByTestId('evaluate-existing')).toContainText(`α = ${NEW_ALPHA} (evaluated)`);
  const card = page.getByTestId('evaluate-chains').getByTestId('job-chain');
  await expect(card).toHaveAttribute('data-state', 'SUCCEEDED');
  expect((await jobsOnPage(page, '[data-testid="evaluate-chains"]')).map((j) => j.id)).toEqual(chain.map((j) => j.id));
  expect(await jobsInDb(studyId), 'nothing was queued').toEqual(jobsBefore);
  expect(await dataVersion(studyId), 'share links of the study stay current').toBe(versionBefore);
});

test('the jobs pages show progress bars and states that match the pipeline_job rows', async ({ page }) => {
  await page.goto(`/studies/${studyId}/jobs`);
  await expect(page.getByTestId('jobs-view')).toBeVisible();
  // Nothing is running now, so the page and the table must agree exactly.
  const inDb = await jobsInDb(studyId);
  await expect(async () => {
    const onPage = (await jobsOnPage(page)).sort((a, b) => a.id - b.id);
    expect(
      onPage.map((j) => ({
        id: j.id,
        kind: j.kind,
        state: j.state,
        done: j.done,
        total: j.total,
        attempts: j.attempts,
      })),
    ).toEqual(
      inDb.map((j) => ({ id: j.id, kind: j.kind, state: j.state, done: j.done, total: j.total, attempts: j.attempts })),
    );
    for (const j of onPage)
      expect(j.percent).toBe(j.total > 0 ? Math.floor((100 * j.done) / j.total) : j.state === 'SUCCEEDED' ? 100 : 0);
  }).toPass({ timeout: 15_000 });
  // One card per alpha chain, its steps in pipeline order.
  await expect(page.getByTestId('job-chain')).toHaveCount(inDb.filter((j) => j.dependsOnId === null).length);
  const chain = page.locator(`[data-testid="job-chain"][data-alpha="${NEW_ALPHA}"]`);
  await expect(chain.getByTestId('job-row')).toHaveCount(4);
  expect(
    await chain.getByTestId('job-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind'))),
  ).toEqual(['merge', 'generate', 'judge', 'aggregate']);
  await expect(page.getByTestId('pipeline-status')).toHaveCount(0);
  await saveScreenshot(page, 'jobs-study');

  await page.goto('/jobs');
  await expect(page.getByTestId('jobs-view')).toBeVisible();
  const all = await jobsOnPage(page);
  for (const j of inDb) expect(all.find((x) => x.id === j.id)?.state, `job ${j.id} on /jobs`).toBe(j.state);
  await saveScreenshot(page, 'jobs-all');
});

test('cancelling a queued job marks it and the steps after it cancelled', async ({ page, request }) => {
  test.setTimeout(120_000);
  const release = await holdMerges();
  try {
    const res = await request.post(`/api/studies/${studyId}/evaluate`, { data: { alphas: String(CANCEL_ALPHA) } });
    expect(res.status()).toBe(202);
    const [chain] = ((await res.json()) as EvaluateAnswer).chains;
    expect(chain).toMatchObject({ alpha: CANCEL_ALPHA, existing: false, state: 'QUEUED' });
    expect(chain!.jobs.map((j) => [j.id, j.kind, j.state])).toEqual(
      chain!.jobIds.map((id, i) => [id, ['merge', 'generate', 'judge', 'aggregate'][i], 'QUEUED']),
    );
    const [mergeId, generateId, judgeId, aggregateId] = chain!.jobIds;
    // Posting the same alpha while its chain waits answers with that chain.
    const again = await request.post(`/api/studies/${studyId}/evaluate`, { data: { alphas: String(CANCEL_ALPHA) } });
    expect(again.status()).toBe(200);
    expect(((await again.json()) as EvaluateAnswer).chains[0]).toMatchObject({
      alpha: CANCEL_ALPHA,
      existing: true,
      jobIds: chain!.jobIds,
    });
    expect(await jobsInDb(studyId, CANCEL_ALPHA)).toHaveLength(4);
    await expect
      .poll(async () => (await jobsInDb(studyId, CANCEL_ALPHA)).map((j) => j.state))
      .toEqual(['RUNNING', 'QUEUED', 'QUEUED', 'QUEUED']);

    await page.goto(`/studies/${studyId}/jobs`);
    await expect(page.getByTestId('pipeline-status')).toContainText('Pipeline running: 0 of 4 jobs done');
    const card = page.locator(`[data-testid="job-chain"][data-alpha="${CANCEL_ALPHA}"]`);
    const generate = card.locator(`[data-testid="job-row"][data-job-id="${generateId}"]`);
    await expect(generate).toHaveAttribute('data-state', 'QUEUED');
    await generate.getByTestId('job-cancel').click();

    for (const id of [generateId, judgeId, aggregateId]) {
      await expect(card.locator(`[data-testid="job-row"][data-job-id="${id}"]`)).toHaveAttribute(
        'data-state',
        'CANCELLED',
      );
    }
    await expect(card.locator(`[data-testid="job-row"][data-job-id="${mergeId}"]`)).toHaveAttribute(
      'data-state',
      'RUNNING',
    );
    await expect(card).toHaveAttribute('data-state', 'CANCELLED');
    await expect(
      card.locator(`[data-testid="job-row"][data-job-id="${generateId}"]`).getByTestId('job-cancel'),
    ).toHaveCount(0);
    expect((await jobsInDb(studyId, CANCEL_ALPHA)).map((j) => j.state)).toEqual([
      'RUNNING',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ]);
    await saveScreenshot(page, 'jobs-cancelled');
  } finally {
    await release();
  }
  // The merge completes once released; the cancelled steps stay cancelled (nothing revives them).
  await expect
    .poll(async () => (await jobsInDb(studyId, CANCEL_ALPHA)).map((j) => j.state), { timeout: 30_000 })
    .toEqual(['SUCCEEDED', 'CANCELLED', 'CANCELLED', 'CANCELLED']);
  const card = page.locator(`[data-testid="job-chain"][data-alpha="${CANCEL_ALPHA}"]`);
  await expect(card.getByTestId('job-row').first()).toHaveAttribute('data-state', 'SUCCEEDED');
  await expect(page.getByTestId('pipeline-status')).toHaveCount(0);
});

test('a bad alpha shows an inline error, and the API answers 400 naming it', async ({ page, request }) => {
  const jobsBefore = (await jobsInDb(studyId)).length;
  await page.goto(`/studies/${studyId}`);
  const input = page.getByTestId('evaluate-alpha-input');
  await input.fill('abc');
  await page.getByTestId('evaluate-alpha-submit').click();
  await expect(page.getByTestId('evaluate-alpha-error')).toContainText('"abc" is not a number');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await input.fill('25');
  await page.getByTestId('evaluate-alpha-submit').click();
  await expect(page.getByTestId('evaluate-alpha-error')).toContainText('outside the allowed range');
  await saveScreenshot(page, 'evaluate-alpha-error');
  expect((await jobsInDb(studyId)).length, 'nothing was queued').toBe(jobsBefore);

  const post = (id: number, data: unknown) =>
    request.post(`/api/studies/${id}/evaluate`, {
      // A Buffer goes out byte for byte (a string would be JSON-encoded), so malformed JSON stays malformed.
      data: Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)),
      headers: { 'content-type': 'application/json' },
    });
  const cases: [unknown, string][] = [
    [{ alphas: 'abc' }, '"abc" is not a number'],
    [{ alphas: '2.5, 3, x7' }, '"x7" is not a number'],
    [{ alphas: '12' }, 'alpha 12 is outside the allowed range [-10, 10]'],
    [{ alphas: 2.5 }, "'alphas'"],
    [{}, "'alphas'"],
    [[2.5], 'invalid request body'],
    ['{"alphas": "2.5"', 'not valid JSON'],
  ];
  for (const [body, message] of cases) {
    const res = await post(studyId, body);
    expect(res.status(), JSON.stringify(body)).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message, JSON.stringify(body)).toContain(
      message,
    );
  }
  expect((await jobsInDb(studyId)).length, 'nothing was queued').toBe(jobsBefore);

  expect((await post(987654321, { alphas: '2.5' })).status()).toBe(404);
  // A study imported from files has results but no evaluation settings.
  const fixtureId = await studyIdByName(FIXTURE_STUDY);
  const imported = await post(fixtureId, { alphas: '2.5' });
  expect(imported.status()).toBe(400);
  expect(((await imported.json()) as { error: { message: string } }).error.message).toContain('no evaluation settings');
  await page.goto(`/studies/${fixtureId}`);
  await expect(page.getByTestId('evaluate-unavailable')).toBeVisible();
  await expect(page.getByTestId('evaluate-alpha-input')).toHaveCount(0);
});

test('the jobs API lists, reads and refuses to cancel finished jobs', async ({ request }) => {
  const inDb = await jobsInDb(studyId);
  const list = await request.get(`/api/jobs?study=${studyId}`);
  expect(list.status()).toBe(200);
  const { jobs } = (await list.json()) as {
    jobs: { id: number; state: string; progressDone: number; progressTotal: number }[];
  };
  expect(jobs.map((j) => j.id).sort((a, b) => a - b)).toEqual(inDb.map((j) => j.id));
  const judge = inDb.find((j) => j.alpha === NEW_ALPHA && j.kind === 'judge')!;
  const one = await request.get(`/api/jobs/${judge.id}`);
  expect(((await one.json()) as { job: unknown }).job).toMatchObject({
    id: judge.id,
    kind: 'judge',
    alpha: NEW_ALPHA,
    state: 'SUCCEEDED',
    progressDone: judge.done,
    progressTotal: judge.total,
  });
  expect((await request.get('/api/jobs/987654321')).status()).toBe(404);
  expect((await request.get('/api/jobs?study=abc')).status()).toBe(400);
  const cancel = await request.post(`/api/jobs/${judge.id}/cancel`);
  expect(cancel.status()).toBe(409);
  expect(((await cancel.json()) as { error: { message: string } }).error.message).toContain('has already succeeded');
});
