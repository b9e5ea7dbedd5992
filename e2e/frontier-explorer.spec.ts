import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase } from './support/database';
import { expectedPoints, studyIdByName } from './support/expected';
import { FIXTURE_STUDY, RATE_TOLERANCE } from './support/fixture';
import {
  meanPassAtK,
  meanPassHatK,
  problemCounts,
  readHeadline,
  ringTransform,
  verdictShares,
} from './support/frontier-explorer';
import { waitForView } from './support/study-page';

test.afterAll(closeDatabase);

let studyId: number;
test.beforeAll(async () => {
  studyId = await studyIdByName(FIXTURE_STUDY);
});

async function ready(page: Page) {
  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready');
  await expect(page.locator('[data-testid="frontier-plot"] .overlay-ring').first()).toBeVisible();
}

/** The page's headline for its selected alpha equals SQL over run_problem_aggregate. */
async function expectHeadlineMatchesDatabase(page: Page, k: number) {
  const h = await readHeadline(page);
  const expected = (await expectedPoints(studyId)).find((p) => p.alpha === h.alpha);
  expect(expected, `a checkpoint at alpha ${h.alpha}`).toBeDefined();
  expect(h.checkpointId).toBe(expected!.checkpointId);
  expect(Math.abs(h.solve.value - expected!.solveRate)).toBeLessThan(RATE_TOLERANCE);
  expect(Math.abs(h.correctness.value - expected!.correctnessRate)).toBeLessThan(RATE_TOLERANCE);
  expect(Math.abs(h.optimization.value - expected!.optimizationRate)).toBeLessThan(RATE_TOLERANCE);
  expect(h.problems).toBe(expected!.problems);
  for (const iv of [h.solve, h.correctness, h.optimization]) {
    expect(iv.lo).toBeLessThanOrEqual(iv.value);
    expect(iv.hi).toBeGreaterThanOrEqual(iv.value);
    expect(iv.hi - iv.lo, 'a real interval').toBeGreaterThan(0);
  }
  const counts = await problemCounts(h.checkpointId);
  const minN = Math.min(...counts.map((c) => c.n));
  if (k <= minN) {
    expect(Math.abs(h.passAtK! - meanPassAtK(counts, k))).toBeLessThan(RATE_TOLERANCE);
    expect(Math.abs(h.passHatK! - meanPassHatK(counts, k))).toBeLessThan(RATE_TOLERANCE);
  } else {
    expect(h.passAtK).toBeNull();
    expect(h.passHatK).toBeNull();
  }
  return h;
}

test('headline numbers for the selected alpha equal SQL; pass@k for a chosen k, undefined past min n', async ({
  page,
}) => {
  await page.goto(`/studies/${studyId}?alpha=0.5`);
  await waitForView(page, '');
  await ready(page);
  const h = await expectHeadlineMatchesDatabase(page, 1);
  expect(h.alpha).toBe(0.5);
  expect(h.passAtK).toBeCloseTo(h.solve.value, 12); // pass@1 is the solve rate
  expect(h.passHatK).toBeCloseTo(h.solve.value, 12); // and so is pass^1

  await page.getByTestId('k-input').fill('4');
  await expect(page).toHaveURL(/[?&]k=4(&|$)/);
  await expect(page.getByTestId('headline')).toContainText('pass@4');
  await expect(page.getByTestId('headline')).toContainText('pass^4');
  await expect(page.getByTestId('alpha-sweep')).toContainText(
    'pass^k the unbiased C(c, k)/C(n, k) (all k samples correct)',
  );
  const h4 = await expectHeadlineMatchesDatabase(page, 4);
  expect(h4.passHatK!).toBeLessThan(h4.passAtK!); // all of 4 correct is rarer than one of 4

  const minN = Math.min(...(await problemCounts(h.checkpointId)).map((c) => c.n));
  // The input refuses k above the samples per problem (e2e/pass-k.spec.ts); a link's k is shown undefined.
  await page.goto(`/studies/${studyId}?alpha=0.5&k=${minN + 1}`);
  await expect(page.getByTestId('headline-pass-at-k').first()).toContainText(
    `exceeds the fewest samples of a problem here (n = ${minN})`,
  );
  await saveScreenshot(page, 'frontier-explorer-headline');
});

test('the slider and arrow keys move the highlight, the numbers and the URL; a reload reproduces the view', async ({
  page,
}) => {
  await page.goto(`/studies/${studyId}?alpha=0`);
  await ready(page);
  const alphas = (await expectedPoints(studyId))
    .flatMap((p) => (p.alpha === null ? [] : [p.alpha]))
    .sort((a, b) => a - b);
  const start = await readHeadline(page);
  expect(start.alpha).toBe(0);
  const ring0 = await ringTransform(page);

  const slider = page.getByTestId('alpha-slider');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  const next = alphas[alphas.indexOf(0) + 1]!;
  await expect(page.getByTestId('selected-alpha')).toHaveAttribute('data-value', String(next));
  await expect(page).toHaveURL(new RegExp(`[?&]alpha=${next}(&|$)`));
  expect(await ringTransform(page)).not.toBe(ring0);
  const moved = await expectHeadlineMatchesDatabase(page, 1);
  expect(moved.checkpointId).not.toBe(start.checkpointId);

  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const prev = alphas[alphas.indexOf(0) - 1]!;
  await expect(page.getByTestId('selected-alpha')).toHaveAttribute('data-value', String(prev));
  await expect(page).toHaveURL(new RegExp(`[?&]alpha=${prev}(&|$)`));
  await expect(page.getByTestId('alpha-kind')).toHaveText('extrapolation');

  // Dragging the range input (set its value as a user's drag would) and the step buttons.
  await slider.fill(String(alphas.length - 1));
  await expect(page.getByTestId('selected-alpha')).toHaveAttribute('data-value', String(alphas.at(-1)));
  await page.getByTestId('alpha-prev').click();
  const last = alphas.at(-2)!;
  await expect(page).toHaveURL(new RegExp(`[?&]alpha=${last}(&|$)`));
  await page.getByTestId('log-axes').click(); // the URL, then the box, follows (a navigation)
  await expect(page.getByTestId('log-axes')).toBeChecked();
  await expect(page).toHaveURL(/[?&]log=1(&|$)/);
  const before = await readHeadline(page);

  await page.reload();
  await ready(page);
  expect(await readHeadline(page)).toEqual(before);
  await expect(page.getByTestId('log-axes')).toBeChecked();
  const axisType = await page
    .locator('[data-testid="frontier-plot"] .js-plotly-plot')
    .evaluate((el) => (el as unknown as { _fullLayout: { xaxis: { type: string } } })._fullLayout.xaxis.type);
  expect(axisType).toBe('log');
  expect(await page.evaluate(() => performance.getEntriesByName('sweep-step').length)).toBe(0); // a reload is not a step
});

test('frontier: error bars, Pareto ring, one line per series; verdict breakdown stacks to 1 and equals SQL', async ({
  page,
}) => {
  await page.goto(`/studies/${studyId}`);
  await ready(page);
  const traces = await page.locator('[data-testid="frontier-plot"] .js-plotly-plot').evaluate((el) =>
    (
      el as unknown as {
        data: {
          name?: string;
          mode?: string;
          x: number[];
          error_x?: { array: number[] };
          error_y?: { array: number[] };
        }[];
      }
    ).data.map((t) => ({
      name: t.name,
      mode: t.mode,
      n: t.x.length,
      ex: t.error_x?.array?.length ?? 0,
      ey: t.error_y?.array?.length ?? 0,
    })),
  );
  const points = traces.find((t) => t.name?.endsWith('checkpoints'))!;
  const expected = (await expectedPoints(studyId)).filter((p) => p.alpha !== null);
  expect(points.n).toBe(expected.length);
  expect(points.ex).toBe(expected.length);
  expect(points.ey).toBe(expected.length);
  const pareto = traces.find((t) => t.name?.startsWith('Pareto'))!;
  // Independent Pareto set: not dominated by any other point.
  const dominated = (a: (typeof expected)[number]) =>
    expected.some(
      (b) =>
        b.correctnessRate <= a.correctnessRate &&
        b.optimizationRate <= a.optimizationRate &&
        (b.correctnessRate < a.correctnessRate || b.optimizationRate < a.optimizationRate),
    );
  expect(pareto.n).toBe(expected.filter((p) => !dominated(p)).length);

  const verdicts = await page
    .locator('[data-testid="verdict-plot"] .js-plotly-plot')
    .first()
    .evaluate((el) =>
      (el as unknown as { data: { name: string; x: number[]; y: number[] }[] }).data.map((t) => ({
        name: t.name,
        x: [...t.x],
        y: [...t.y],
      })),
    );
  const shares = await verdictShares(studyId);
  const byName = (prefix: string) => verdicts.find((t) => t.name.startsWith(prefix))!;
  shares.forEach((s, i) => {
    expect(byName('solved').x[i]).toBe(s.alpha);
    const col: Record<string, number> = {
      solved: s.solved,
      WA: s.wa,
      RE: s.re,
      CE: s.ce,
      OLE: s.ole,
      TLE: s.tle,
      MLE: s.mle,
    };
    let sum = 0;
    for (const [name, value] of Object.entries(col)) {
      expect(Math.abs(byName(name).y[i]! - value), `${name} at alpha ${s.alpha}`).toBeLessThan(RATE_TOLERANCE);
      sum += byName(name).y[i]!;
    }
    expect(Math.abs(sum - 1)).toBeLessThan(1e-9);
  });
  await saveScreenshot(page, 'frontier-explorer');
});

test('every plot exports PNG, SVG and CSV that parse', async ({ page }) => {
  await page.goto(`/studies/${studyId}`);
  await ready(page);
  const expected = (await expectedPoints(studyId)).filter((p) => p.alpha !== null);
  const headers: Record<string, string> = {
    frontier:
      'series,setting,scale,checkpoint,role,alpha,solve_rate,solve_lo,solve_hi,correctness_rate,correctness_lo,correctness_hi,optimization_rate,optimization_lo,optimization_hi,pareto,problems,n',
    // The solve-rate plot's own marks (suggest.spec.ts checks its surrogate and proposal rows).
    'solve-rate':
      'row,series,checkpoint,alpha,metric,value,value_lo,value_hi,alpha_lo,alpha_hi,n,collapsed,kind,reason',
  };
  for (const [plot, header] of Object.entries(headers)) {
    const id = `export-study-${studyId}-${plot}`;
    const box = page.getByTestId(id);
    const file = async (format: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        box.getByTestId(`export-${format}`).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${id.slice('export-'.length)}.${format}`);
      return readFileSync((await download.path())!);
    };
    const png = await file('png');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const svg = (await file('svg')).toString('utf8');
    expect(svg).toMatch(/^<svg[\s>]/);
    expect(svg).toContain('</svg>');
    const csv = (await file('csv')).toString('utf8').trim().split('\r\n');
    expect(csv[0]).toBe(header);
    expect(csv.length - 1).toBe(expected.length);
  }
  const verdictBox = page.getByTestId('verdict-card').first();
  const [download] = await Promise.all([page.waitForEvent('download'), verdictBox.getByTestId('export-csv').click()]);
  const rows = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(rows[0]).toBe('alpha,solved,WA,RE,CE,OLE,TLE,MLE');
  expect(rows.length - 1).toBe(expected.length);
});
