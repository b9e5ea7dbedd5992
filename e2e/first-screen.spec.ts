import { programText } from '@frontier/db';
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase, query } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';
import { frontierDrawn, measureFrontier, SCREENS, tickLabels } from './support/first-screen';
import { activeJobs, DEMO_STUDY, forgetAlphas, holdMerges, jobsInDb } from './support/jobs';

// What matters is on the first screen: the Frontier tab's slider and most of its frontier (the
// largest plot) at 1280x720 and 1440x900, while a study's jobs run too; the frontier's interval
// display kept in the URL; readable ticks; a problem's first samples, and long code lines that
// scroll instead of being cut off.

/** An alpha no other test evaluates; its chain is held at the merge, then cancelled and forgotten. */
const HELD_ALPHA = 2.375;
const MIN_FRONTIER_PX = 300;

test.describe.configure({ mode: 'serial' });
test.afterAll(closeDatabase);

let demoId: number;
let fixtureId: number;
test.beforeAll(async () => {
  test.setTimeout(420_000);
  demoId = await studyIdByName(DEMO_STUDY);
  fixtureId = await studyIdByName(FIXTURE_STUDY);
  // The demo's initial sweep must be done, so the only running chain is the one this test holds.
  await expect
    .poll(() => activeJobs(demoId), {
      timeout: 400_000,
      intervals: [2_000, 5_000],
      message: 'the demo study has finished its initial jobs',
    })
    .toBe(0);
  await forgetAlphas(demoId, [HELD_ALPHA]);
});

async function expectFirstScreen(page: Page, label: string) {
  await frontierDrawn(page);
  const m = await measureFrontier(page);
  console.log(`${label}: ${JSON.stringify(m)}`);
  expect(m.scrollY, `${label}: not scrolled`).toBe(0);
  expect(m.slider.top, `${label}: the slider's top is on screen`).toBeGreaterThanOrEqual(0);
  expect(m.slider.bottom, `${label}: the slider's bottom is on screen`).toBeLessThanOrEqual(m.viewport);
  expect(m.frontierVisible, `${label}: px of the frontier's height on screen`).toBeGreaterThanOrEqual(MIN_FRONTIER_PX);
  const frontier = m.plots.find((p) => p.id === 'frontier-plot')!;
  for (const other of m.plots.filter((p) => p.id !== 'frontier-plot')) {
    expect(frontier.area, `${label}: the frontier is larger than ${other.id}`).toBeGreaterThan(other.area);
  }
}

test('the slider and 300 px of the frontier, the largest plot, are on the first screen, also while jobs run', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  for (const size of SCREENS) {
    await page.setViewportSize(size);
    await page.goto(`/studies/${fixtureId}`);
    await expectFirstScreen(page, `fixture ${size.width}x${size.height}`);
  }

  const release = await holdMerges();
  let queued: number[] = [];
  try {
    const res = await request.post(`/api/studies/${demoId}/evaluate`, { data: { alphas: String(HELD_ALPHA) } });
    expect(res.status()).toBe(202);
    queued = ((await res.json()) as { chains: { jobIds: number[] }[] }).chains[0]!.jobIds;
    for (const size of SCREENS) {
      await page.setViewportSize(size);
      await page.goto(`/studies/${demoId}`);
      // The one-line pipeline status shows, and the first screen still holds the slider and frontier.
      await expect(page.getByTestId('pipeline-status')).toContainText('Pipeline running: 0 of 4 jobs done');
      await expect(page.getByTestId('pipeline-status')).toBeInViewport();
      await expectFirstScreen(page, `demo with jobs running ${size.width}x${size.height}`);
      await saveScreenshot(page, `first-screen-demo-running-${size.width}`);
    }
    // Unfolded, it lists the running chain's step with its progress, over the page, not pushing it.
    const before = await page.getByTestId('frontier-plot').boundingBox();
    await page.getByTestId('pipeline-status').locator('summary').click();
    await expect(page.locator(`[data-testid="pipeline-chain"][data-alpha="${HELD_ALPHA}"]`)).toContainText(
      'merge running',
    );
    expect(await page.getByTestId('frontier-plot').boundingBox()).toEqual(before);
    await expect(page.getByTestId('pipeline-status').getByRole('link', { name: 'Jobs tab' })).toHaveAttribute(
      'href',
      `/studies/${demoId}/jobs`,
    );
  } finally {
    // Only the held merge may run: cancel the steps after it, then let it finish and forget it all.
    if (queued[1] !== undefined) expect((await request.post(`/api/jobs/${queued[1]}/cancel`)).ok()).toBe(true);
    await release();
  }
  await expect.poll(() => activeJobs(demoId), { timeout: 60_000 }).toBe(0);
  expect((await jobsInDb(demoId, HELD_ALPHA)).map((j) => j.state)).toEqual([
    'SUCCEEDED',
    'CANCELLED',
    'CANCELLED',
    'CANCELLED',
  ]);
  await forgetAlphas(demoId, [HELD_ALPHA]);
});

interface FrontierTrace {
  name?: string;
  fill?: string;
  error_x?: unknown;
}

async function frontierTraces(page: Page): Promise<FrontierTrace[]> {
  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  return page.locator('[data-testid="frontier-plot"] .js-plotly-plot').evaluate((el) =>
    (el as unknown as { data: FrontierTrace[] }).data.map((t) => ({
      name: t.name,
      fill: t.fill,
      error_x: t.error_x,
    })),
  );
}

test('the interval display (bars, ellipses, none) lives in the URL: a reload and a share link keep it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/studies/${fixtureId}`);
  let traces = await frontierTraces(page);
  expect(traces.find((t) => t.name?.endsWith('checkpoints'))!.error_x, 'bars by default').toBeTruthy();
  await expect(page.getByTestId('interval-definition')).toContainText('95% percentile bootstrap interval');

  await page.getByTestId('interval-display').selectOption('ellipses');
  await expect(page).toHaveURL(/[?&]ci=ellipses(&|$)/);
  await expect(page.getByTestId('interval-definition')).toContainText(
    '95% confidence region of both failure rates together',
  );
  await expect.poll(async () => (await frontierTraces(page)).some((t) => t.fill === 'toself')).toBe(true);
  await page.reload();
  await expect(page.getByTestId('interval-display')).toHaveValue('ellipses');
  traces = await frontierTraces(page);
  expect(traces.filter((t) => t.fill === 'toself').map((t) => t.name)).toEqual(['95% confidence ellipses']);
  expect(traces.find((t) => t.name?.endsWith('checkpoints'))!.error_x, 'no bars beside the ellipses').toBeUndefined();
  await saveScreenshot(page, 'frontier-ellipses');

  await page.getByTestId('share-button').click();
  const url = await page.getByTestId('share-url').inputValue();
  const shared = await browser.newPage();
  await shared.goto(url);
  await expect(shared.getByTestId('interval-display')).toHaveValue('ellipses');
  expect(
    (await frontierTraces(shared)).some((t) => t.fill === 'toself'),
    'the shared view replays the URL',
  ).toBe(true);
  await shared.close();

  await page.getByTestId('interval-display').selectOption('none');
  await expect(page).toHaveURL(/[?&]ci=none(&|$)/);
  await page.reload();
  traces = await frontierTraces(page);
  expect(traces.some((t) => t.fill === 'toself')).toBe(false);
  expect(traces.find((t) => t.name?.endsWith('checkpoints'))!.error_x).toBeUndefined();
  await expect(page.getByTestId('interval-definition')).toContainText('Intervals hidden');
});

test('no axis repeats a tick label, on linear and log axes, and a narrow range gets the decimals it needs', async ({
  page,
}) => {
  for (const search of ['', '?log=1']) {
    await page.goto(`/studies/${demoId}${search}`);
    await frontierDrawn(page);
    for (const id of ['frontier-plot', 'solve-rate-plot', 'verdict-plot']) {
      const { x, y } = await tickLabels(page, id);
      console.log(`${id}${search}: x ${x.join(' ')} | y ${y.join(' ')}`);
      for (const [axis, labels] of [
        ['x', x],
        ['y', y],
      ] as const) {
        expect(labels.length, `${id}${search} ${axis} has ticks`).toBeGreaterThanOrEqual(2);
        expect(new Set(labels).size, `${id}${search} ${axis}: ${labels.join(', ')}`).toBe(labels.length);
      }
    }
  }
  // Zoomed in (the chart's own zoom button, each click halves the ranges) to about a point wide,
  // as narrow as LiveCodeBench's o1 results (1%..4%) and more: every label carries its decimals.
  await page.goto(`/studies/${demoId}`);
  await frontierDrawn(page);
  const zoomIn = page.locator('[data-testid="frontier-plot"] .modebar-btn[data-title="Zoom in"]');
  for (let i = 0; i < 6; i++) {
    await page.getByTestId('frontier-plot').hover();
    await zoomIn.click();
  }
  await expect
    .poll(async () => (await tickLabels(page, 'frontier-plot')).y.every((l) => /^\d+\.\d+%$/.test(l)))
    .toBe(true);
  const zoomed = await tickLabels(page, 'frontier-plot');
  console.log(`frontier zoomed in 64x: x ${zoomed.x.join(' ')} | y ${zoomed.y.join(' ')}`);
  for (const labels of [zoomed.x, zoomed.y]) {
    expect(labels.length).toBeGreaterThanOrEqual(3);
    expect(new Set(labels).size, labels.join(', ')).toBe(labels.length);
  }
});

test("a problem's first samples are on the first screen; long code lines scroll sideways, in the code and the diff", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The demo program with the longest line, among those the diff's sample lists offer (the
  // first 20 of a checkpoint, in the list's order).
  const rows = await query<{
    key: string;
    problem_id: number;
    checkpoint_id: number;
    code: string | null;
    codeZ: Buffer | null;
  }>(
    `SELECT key, problem_id, checkpoint_id, code, "codeZ" FROM (
       SELECT s.run_id || '.' || s.idx AS key, s.problem_id, r.checkpoint_id, s.code, s.code_z AS "codeZ",
              row_number() OVER (PARTITION BY r.checkpoint_id, s.problem_id ORDER BY r.setting, s.run_id, s.idx) AS n
       FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1) t
     WHERE n <= 20`,
    [demoId],
  );
  const longest = (code: string) => Math.max(...code.split('\n').map((l) => l.length));
  const widest = rows.map((r) => ({ ...r, width: longest(programText(r)) })).sort((a, b) => b.width - a.width)[0]!;

  for (const size of [...SCREENS].reverse()) {
    await page.setViewportSize(size);
    await page.goto(`/studies/${demoId}/problems/${widest.problem_id}?sample=${widest.key}`);
    const first = page.getByTestId('sample-item').first();
    await expect(first).toBeInViewport({ ratio: 1 });
    const box = (await first.boundingBox())!;
    console.log(
      `drill-down ${size.width}x${size.height}: first sample at y ${Math.round(box.y)}..${Math.round(box.y + box.height)}`,
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await saveScreenshot(page, `first-screen-problem-${size.width}`);
  }
  // At 1280 px the longest demo line (about 100 characters) is wider than the code's box.
  await expect(page.getByTestId('code-view')).toBeVisible();
  expect(await lastCharacterReachable(page, '[data-testid="code-view"]')).toEqual({ overflows: true, reachable: true });
  await page.getByTestId('diff-left-checkpoint').selectOption(String(widest.checkpoint_id));
  await page.getByTestId('diff-left-sample').selectOption(widest.key);
  await expect(page.getByTestId('diff-stats')).toBeVisible();
  expect(await lastCharacterReachable(page, '[data-testid="sample-diff"] [data-side="left"]')).toEqual({
    overflows: true,
    reachable: true,
  });
});

/**
 * In a box whose longest line is wider than the box: does the box scroll sideways, and once
 * scrolled to its end, is that line's last character inside the box (not cut off)?
 */
async function lastCharacterReachable(page: Page, box: string): Promise<{ overflows: boolean; reachable: boolean }> {
  return page.locator(box).evaluate((el) => {
    const lines = [...el.querySelectorAll('code')];
    const right = (node: Element) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect().right;
    };
    const longest = lines.reduce((a, b) =>
      right(b) - b.getBoundingClientRect().left > right(a) - a.getBoundingClientRect().left ? b : a,
    );
    const overflows = right(longest) > el.getBoundingClientRect().right;
    el.scrollLeft = el.scrollWidth;
    return { overflows, reachable: right(longest) <= el.getBoundingClientRect().right + 1 };
  });
}
