import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase, query } from './support/database';

// Response length on the Frontier tab, with the demo study (generated through the stand-in
// inference server, which reports token counts as vLLM does): the length panel beside the
// frontier, its unit, length by verdict class, and points sized by length, all in the URL.

test.afterAll(closeDatabase);

let demoId: number;

test.beforeAll(async () => {
  const demo = await query<{ id: number }>(`SELECT id FROM study WHERE origin = 'demo' ORDER BY id LIMIT 1`);
  expect(demo[0], 'npm start made the demo lab study (the fixture setup waits for it)').toBeTruthy();
  demoId = demo[0]!.id;
});

interface Trace {
  name?: string;
  x: number[];
  y: number[];
  size?: number | number[];
}

async function traces(page: Page, testId: string): Promise<Trace[]> {
  const chart = page.getByTestId(testId);
  await expect(chart).toHaveAttribute('data-status', 'ready');
  return chart.locator('.js-plotly-plot').evaluate((el) =>
    ((el as unknown as { data: Record<string, unknown>[] }).data ?? []).map((t) => ({
      name: t.name as string | undefined,
      x: [...((t.x as number[]) ?? [])],
      y: [...((t.y as number[]) ?? [])],
      size: (t.marker as { size?: number | number[] } | undefined)?.size,
    })),
  );
}

/** Mean over problems of each problem's mean length, at alpha, straight from the aggregates. */
async function expectedMean(alpha: number, unit: 'chars' | 'tokens'): Promise<number> {
  const [sum, n] = unit === 'chars' ? ['len_chars', 'a.n'] : ['len_tokens', null];
  const rows = await query<{ mean: number }>(
    `WITH per AS (
       SELECT a.problem_id,
         sum((SELECT sum(x) FROM unnest(a.${sum}[1:7]) x))::float8
           / nullif(sum(${n ?? '(SELECT sum(x) FROM unnest(a.len_token_n[1:7]) x)'}), 0) AS m
       FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
       WHERE c.study_id = $1 AND coalesce(c.alpha, CASE c.role WHEN 'LOW' THEN 0 WHEN 'HIGH' THEN 1 END) = $2
       GROUP BY a.problem_id)
     SELECT avg(m)::float8 AS mean FROM per WHERE m IS NOT NULL`,
    [demoId, alpha],
  );
  return rows[0]!.mean;
}

test('the length panel shows mean and median length along alpha, as the aggregates give, in characters or tokens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/studies/${demoId}?panel=length`);
  await expect(page.getByTestId('panel-length')).toHaveAttribute('aria-selected', 'true');
  let drawn = await traces(page, 'solve-rate-plot');
  expect(drawn.map((t) => t.name)).toEqual(['mean', 'median']);
  const mean = drawn[0]!;
  expect(mean.x.length).toBeGreaterThanOrEqual(5);
  for (const alpha of [0, 1]) {
    const at = mean.x.indexOf(alpha);
    expect(at, `alpha ${alpha} is plotted`).toBeGreaterThanOrEqual(0);
    expect(mean.y[at]).toBeCloseTo(await expectedMean(alpha, 'chars'), 6);
  }
  // Merging changes what the model writes: lengths differ along the line.
  expect(new Set(mean.y.map((y) => Math.round(y))).size).toBeGreaterThan(1);
  await expect(page.getByTestId('length-definition')).toContainText('bootstrap resamples of the problems');
  await saveScreenshot(page, 'length-panel-1280');

  await page.getByTestId('length-unit').selectOption('tokens');
  await expect(page).toHaveURL(/[?&]unit=tokens/);
  await expect.poll(async () => (await traces(page, 'solve-rate-plot'))[0]?.y[0]).not.toBe(mean.y[0]);
  drawn = await traces(page, 'solve-rate-plot');
  const inTokens = drawn[0]!;
  const one = inTokens.x.indexOf(1);
  expect(inTokens.y[one]).toBeCloseTo(await expectedMean(1, 'tokens'), 6);

  await page.getByTestId('panel-classes').click();
  await expect(page).toHaveURL(/[?&]panel=classes/);
  await expect
    .poll(async () => (await traces(page, 'solve-rate-plot')).map((t) => t.name))
    .toEqual(['solved', 'correctness failures', 'optimization failures']);
  await expect(page.getByTestId('length-definition')).toContainText('pooled over problems');

  await page.getByTestId('panel-solve').click();
  await expect(page).not.toHaveURL(/panel=/);
  await expect.poll(async () => (await traces(page, 'solve-rate-plot'))[0]?.name).not.toBe('solved');
});

test('frontier points sized by response length: the choice is in the URL and the sizes follow the means', async ({
  page,
}) => {
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/studies/${demoId}`);
    const uniform = (await traces(page, 'frontier-plot')).find((t) => t.name?.endsWith('checkpoints'))!;
    expect(Array.isArray(uniform.size) ? new Set(uniform.size).size : 1).toBeLessThanOrEqual(2); // endpoints are larger
    await page.getByTestId('point-size').selectOption('length');
    await expect(page).toHaveURL(/[?&]size=length/);
    await expect(page.getByTestId('size-definition')).toBeVisible();
    await expect
      .poll(async () => {
        const pts = (await traces(page, 'frontier-plot')).find((t) => t.name?.endsWith('checkpoints'))!;
        return Array.isArray(pts.size) ? new Set(pts.size.map((s) => Math.round(s))).size : 1;
      })
      .toBeGreaterThan(2);
    // The longest mean gets the largest point.
    const pts = (await traces(page, 'frontier-plot')).find((t) => t.name?.endsWith('checkpoints'))!;
    const sizes = pts.size as number[];
    expect(Math.max(...sizes)).toBeCloseTo(26, 6);
    // The frontier stays on the first screen with the panel open.
    await page.goto(`/studies/${demoId}?panel=length&size=length`);
    await expect(page.getByTestId('point-size')).toHaveValue('length');
    const box = await page.getByTestId('frontier-plot').boundingBox();
    expect(box!.y).toBeLessThan(height * 0.6);
    await saveScreenshot(page, `length-size-${width}`);
  }
});

test("the drill-down shows a sample's length in characters and tokens, as stored", async ({ page }) => {
  const [s] = await query<{
    runId: number;
    idx: number;
    problemId: number;
    checkpointId: number;
    chars: number;
    tokens: number;
  }>(
    `SELECT s.run_id AS "runId", s.idx, s.problem_id AS "problemId", c.id AS "checkpointId",
            s.response_chars AS chars, s.completion_tokens AS tokens
     FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
     WHERE c.study_id = $1 AND s.completion_tokens IS NOT NULL ORDER BY s.run_id, s.problem_id, s.idx LIMIT 1`,
    [demoId],
  );
  expect(s, 'the demo records token counts (the stand-in returns token ids)').toBeTruthy();
  await page.goto(
    `/studies/${demoId}/problems/${s!.problemId}?checkpoint=${s!.checkpointId}&sample=${s!.runId}.${s!.idx}`,
  );
  await expect(page.getByTestId('sample-detail')).toHaveAttribute('data-sample', `${s!.runId}.${s!.idx}`);
  await expect(page.getByTestId('sample-length')).toHaveText(
    `· ${s!.chars.toLocaleString('en-US')} characters, ${s!.tokens.toLocaleString('en-US')} tokens`,
  );
});
