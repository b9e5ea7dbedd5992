import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase, databaseUrl, dataDir, query } from './support/database';
import { studyIdByName } from './support/expected';
import { activeJobs, DEMO_STUDY, forgetAlphas, holdMerges, jobsInDb } from './support/jobs';
import { shareAndOpen } from './support/share';
import { readTable, waitForView } from './support/study-page';

// "Suggest next alphas" on the demo study's Frontier tab: the proposals and the best alpha with
// their reasons, exactly what `frontier suggest` prints for the same data, their markers on both
// plots (the surrogate only over the live alphas, the collapsed ones marked), the solve-rate CSV,
// the panel's state in the URL (a reload and a shared link reproduce the same alphas), and
// "Evaluate these" queueing a chain per proposal.

test.describe.configure({ mode: 'serial' });

interface Trace {
  name?: string;
  x: number[];
  y: number[];
  hovertemplate?: string | string[];
  error_x?: { array: number[]; arrayminus: number[] };
}

interface Shown {
  alphas: number[];
  kinds: string[];
  reasons: string[];
  best: {
    alpha: number;
    lo: number;
    hi: number;
    pass: number;
    passLo: number;
    passHi: number;
    openBelow: string | null;
    openAbove: string | null;
  };
}

/** What `frontier suggest STUDY --json --with-best` prints. */
interface CliReport {
  range: [number, number];
  evaluated: number[];
  live: number[];
  collapsed: number[];
  collapseBelow: number;
  best: {
    alpha: number;
    lo: number;
    hi: number;
    passAtK: number;
    passLo: number;
    passHi: number;
    below?: { why: string };
    above?: { why: string };
    beyond?: string;
  };
  suggestions: { alpha: number; kind: string; reason: string }[];
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The real `frontier` CLI, as a separate process, against the database of the server under test. */
function frontierSuggest(...args: string[]): CliReport {
  const out = execFileSync(
    'node',
    [join(repoRoot, 'apps/cli/bin/frontier.js'), 'suggest', DEMO_STUDY, ...args, '--json', '--with-best'],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl(), FRONTIER_DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out) as CliReport;
}

let studyId: number;
/** The last job before this spec: what it queues after is undone afterwards, leaving the demo study as it was. */
let lastJobBefore: number;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  studyId = await studyIdByName(DEMO_STUDY);
  // The fixture project waited for the demo's own sweep; what another spec queued must be done too.
  await expect
    .poll(() => activeJobs(studyId), { timeout: 150_000, message: 'no demo job is queued or running' })
    .toBe(0);
  lastJobBefore = Math.max(0, ...(await jobsInDb(studyId)).map((j) => j.id));
});

test.afterAll(async () => {
  const mine = async () => (await jobsInDb(studyId)).filter((j) => j.id > lastJobBefore);
  // Whatever a failed test left queued stops; a merge already running would write its checkpoint
  // after the forgetting, so it may finish first.
  await query(
    `UPDATE pipeline_job SET state = 'CANCELLED', finished_at = now() WHERE study_id = $1 AND id > $2 AND state IN ('QUEUED', 'RUNNING') AND NOT (kind = 'merge' AND state = 'RUNNING')`,
    [studyId, lastJobBefore],
  );
  await expect
    .poll(async () => (await mine()).filter((j) => j.state === 'QUEUED' || j.state === 'RUNNING').length, {
      timeout: 90_000,
    })
    .toBe(0);
  const alphas = [...new Set((await mine()).flatMap((j) => (j.alpha === null ? [] : [j.alpha])))];
  if (alphas.length > 0) await forgetAlphas(studyId, alphas);
  await query(`DELETE FROM pipeline_job WHERE study_id = $1 AND id > $2 AND kind = 'refine'`, [studyId, lastJobBefore]);
  await closeDatabase();
});

async function traces(page: Page, testId: string): Promise<Trace[]> {
  await expect(page.getByTestId(testId)).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  return page.locator(`[data-testid="${testId}"] .js-plotly-plot`).evaluate((el) =>
    (el as unknown as { data: Trace[] }).data.map((t) => ({
      name: t.name,
      x: [...(t.x ?? [])],
      y: [...(t.y ?? [])],
      hovertemplate: t.hovertemplate,
      error_x: t.error_x && { array: [...t.error_x.array], arrayminus: [...t.error_x.arrayminus] },
    })),
  );
}

/** The panel's proposals and best alpha, read from the data-* attributes (exact values). */
async function readSuggestions(page: Page): Promise<Shown> {
  const panel = page.getByTestId('suggest-panel');
  await expect(panel).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const rows = panel.getByTestId('suggestion-row');
  const alphas = (await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-alpha')))).map(Number);
  const kinds = await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-kind') ?? ''));
  const reasons = await panel.getByTestId('suggestion-reason').allTextContents();
  const best = await panel.getByTestId('best-alpha').evaluate((el) => {
    const n = (k: string) => Number(el.getAttribute(`data-${k}`));
    return {
      alpha: n('alpha'),
      lo: n('lo'),
      hi: n('hi'),
      pass: n('pass'),
      passLo: n('pass-lo'),
      passHi: n('pass-hi'),
      openBelow: el.getAttribute('data-open-below'),
      openAbove: el.getAttribute('data-open-above'),
    };
  });
  return { alphas, kinds, reasons, best };
}

test('suggestions appear with reasons and the best alpha, exactly as `frontier suggest` prints them, are drawn on both plots, and live in the URL', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto(`/studies/${studyId}`);
  await waitForView(page, '');
  // Generous: the first chart loads plotly.js, slow on a busy machine.
  await expect(page.getByTestId('solve-rate-plot')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const evaluated = (await readTable(page)).flatMap((r) => (r.alpha === null ? [] : [r.alpha])).sort((a, b) => a - b);
  await expect(page.getByTestId('suggest-panel')).toHaveCount(0);

  await page.getByTestId('suggest-toggle').click();
  // No range in the URL: core's default, the evaluated alphas and both endpoints 0.5 wider on each side.
  await expect(page).toHaveURL(/[?&]suggest=3(&|$)/);
  expect(new URL(page.url()).searchParams.has('range')).toBe(false);
  const [lo, hi] = [Math.min(0, evaluated[0]!) - 0.5, Math.max(1, evaluated.at(-1)!) + 0.5];
  await expect(page.getByTestId('suggest-lo')).toHaveValue(String(lo));
  await expect(page.getByTestId('suggest-hi')).toHaveValue(String(hi));
  await expect(page.getByTestId('suggest-range-note')).toContainText('the default range');
  const shown = await readSuggestions(page);
  expect(shown.alphas).toHaveLength(3);
  for (const [i, a] of shown.alphas.entries()) {
    expect(a).toBeGreaterThanOrEqual(lo);
    expect(a).toBeLessThanOrEqual(hi);
    expect(evaluated, 'an evaluated alpha is not proposed again').not.toContain(a);
    expect(shown.reasons[i]!.length, 'each proposal says why').toBeGreaterThan(20);
  }

  // The same data through the real CLI (nothing is queued): the same proposals, kinds, reasons and best alpha.
  const cli = frontierSuggest();
  expect(cli.range).toEqual([lo, hi]);
  expect(cli.evaluated).toEqual(evaluated);
  expect(shown.alphas).toEqual(cli.suggestions.map((s) => s.alpha));
  expect(shown.kinds).toEqual(cli.suggestions.map((s) => s.kind));
  expect(shown.reasons).toEqual(cli.suggestions.map((s) => s.reason));
  const { best } = shown;
  expect(best).toMatchObject({
    alpha: cli.best.alpha,
    lo: cli.best.lo,
    hi: cli.best.hi,
    openBelow: cli.best.below?.why ?? null,
    openAbove: cli.best.above?.why ?? null,
  });
  // Rates from the bootstrap, computed by Chromium's V8 on the page and Node's in the CLI: their
  // last bits may differ (seen at 1e-12 on the demo study), nothing a reader could see.
  for (const [shownRate, cliRate] of [
    [best.pass, cli.best.passAtK],
    [best.passLo, cli.best.passLo],
    [best.passHi, cli.best.passHi],
  ] as const)
    expect(shownRate).toBeCloseTo(cliRate, 9);

  // The demo's extrapolation below 0 collapses: those alphas are marked, the rest is the live line.
  expect(cli.collapsed.length).toBeGreaterThan(0);
  expect(cli.collapsed.every((a) => a < 0)).toBe(true);
  await expect(page.getByTestId('suggest-collapsed')).toHaveAttribute('data-alphas', cli.collapsed.join(','));
  await expect(page.getByTestId('suggest-collapsed')).toContainText('has collapsed');
  const [liveLo, liveHi] = [cli.live[0]!, cli.live.at(-1)!];
  // The best alpha and its interval: inside the range and the live alphas, an open end said in words.
  for (const a of [best.alpha, best.lo, best.hi]) {
    expect(a).toBeGreaterThanOrEqual(Math.max(lo, liveLo));
    expect(a).toBeLessThanOrEqual(Math.min(hi, liveHi));
  }
  expect(best.lo).toBeLessThanOrEqual(best.alpha);
  expect(best.hi).toBeGreaterThanOrEqual(best.alpha);
  expect(best.passLo).toBeLessThanOrEqual(best.passHi);
  const interval = `[${best.lo.toFixed(2)}${best.openBelow ? ' or below' : ''}, ${best.hi.toFixed(2)}${best.openAbove ? ' or above' : ''}]`;
  await expect(page.getByTestId('best-alpha')).toContainText(
    `α = ${best.alpha.toFixed(2)} ${interval}, pass@1 ${best.pass.toFixed(3)}`,
  );
  if (best.openBelow || best.openAbove)
    await expect(page.getByTestId('best-alpha-beyond')).toHaveText(`Open interval: ${cli.best.beyond}.`);
  else await expect(page.getByTestId('best-alpha-beyond')).toHaveCount(0);

  // On "Solve rate against alpha": the surrogate over the live alphas only, the collapsed ones
  // crossed, the proposals (reasons in the hover) and the best alpha's interval.
  const solve = await traces(page, 'solve-rate-plot');
  const names = solve.map((t) => t.name);
  expect(names).toEqual(
    expect.arrayContaining([
      'surrogate pass@1',
      'surrogate 95% band',
      'best alpha',
      'collapsed: pass@1 below half the best, past an endpoint (not fitted)',
    ]),
  );
  for (const t of solve.filter((t) => t.name?.startsWith('surrogate'))) {
    expect(Math.min(...t.x), `${t.name} starts at the lowest live alpha`).toBe(liveLo);
    expect(Math.max(...t.x), `${t.name} ends at the highest live alpha`).toBe(liveHi);
    for (const a of cli.collapsed)
      expect(
        t.x.some((x) => (a < liveLo ? x <= a : x >= a)),
        `${t.name} over the collapsed α = ${a}`,
      ).toBe(false);
  }
  expect(solve.find((t) => t.name?.startsWith('collapsed'))!.x).toEqual(cli.collapsed);
  const marks = solve.filter((t) => t.name?.startsWith('proposed alphas'));
  expect(marks.flatMap((t) => t.x).sort((a, b) => a - b)).toEqual([...shown.alphas].sort((a, b) => a - b));
  // On the surrogate inside its window, on the axis outside it.
  const onCurve = marks.find((t) => t.name === 'proposed alphas')?.x ?? [];
  expect(onCurve.every((a) => a >= liveLo && a <= liveHi)).toBe(true);
  for (const t of marks) {
    t.x.forEach((a, j) => {
      const reason = shown.reasons[shown.alphas.indexOf(a)]!;
      expect((t.hovertemplate as string[])[j]!.replace(/<br>/g, ' ')).toContain(
        reason.split(' ').slice(0, 4).join(' '),
      );
    });
  }
  const bestTrace = solve.find((t) => t.name === 'best alpha')!;
  expect(bestTrace.x).toEqual([best.alpha]);
  expect(bestTrace.error_x!.arrayminus[0]).toBeCloseTo(best.alpha - best.lo, 9);
  expect(bestTrace.error_x!.array[0]).toBeCloseTo(best.hi - best.alpha, 9);
  // On the frontier: only the proposals inside the evaluated span, placed by interpolation.
  const frontier = await traces(page, 'frontier-plot');
  const inside = shown.alphas.filter((a) => a > evaluated[0]! && a < evaluated.at(-1)!);
  const placed = frontier.find((t) => t.name === 'proposed alphas (interpolated)');
  expect(placed?.x.length ?? 0).toBe(inside.length);
  await saveScreenshot(page, 'suggest-panel');

  // The solve-rate plot's CSV: its checkpoints (the collapsed ones flagged), the surrogate over its window, the proposals and the best alpha.
  const exportBox = page.getByTestId(`export-study-${studyId}-solve-rate`);
  const [download] = await Promise.all([page.waitForEvent('download'), exportBox.getByTestId('export-csv').click()]);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe(
    'row,series,checkpoint,alpha,metric,value,value_lo,value_hi,alpha_lo,alpha_hi,n,collapsed,kind,reason',
  );
  const rowsOf = (kind: string) => csv.slice(1).filter((line) => line.startsWith(`${kind},`));
  const checkpoints = rowsOf('checkpoint');
  expect(checkpoints).toHaveLength(evaluated.length);
  expect(checkpoints.filter((line) => line.split(',')[11] === '1').map((line) => Number(line.split(',')[3]))).toEqual(
    cli.collapsed,
  );
  const surrogate = rowsOf('surrogate').map((line) => Number(line.split(',')[3]));
  expect([surrogate[0], surrogate.at(-1)]).toEqual([liveLo, liveHi]);
  expect(rowsOf('proposal').map((line) => line.split(',').slice(3, 4).map(Number)[0])).toEqual(shown.alphas);
  shown.kinds.forEach((kind, i) => expect(rowsOf('proposal')[i]).toContain(`,${kind},`));
  expect(rowsOf('best')).toHaveLength(1);
  expect(Number(rowsOf('best')[0]!.split(',')[3])).toBe(best.alpha);

  // Alpha steps leave the suggestions alone: nothing is recomputed, the proposals stay.
  const computed = () => page.evaluate(() => performance.getEntriesByName('suggest-compute').length);
  const before = await computed();
  expect(before).toBeGreaterThan(0);
  await page.getByTestId('alpha-slider').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const target = evaluated[evaluated.indexOf(1) - 2]!; // the slider starts at alpha 1
  await expect(page.getByTestId('selected-alpha')).toHaveAttribute('data-value', String(target));
  await expect(page).toHaveURL(new RegExp(`[?&]alpha=${target}&suggest=3(&|$)`));
  expect(await page.evaluate(() => performance.getEntriesByName('sweep-step').length)).toBeGreaterThan(0);
  expect(await computed()).toBe(before);
  expect((await readSuggestions(page)).alphas).toEqual(shown.alphas);

  // A reload reproduces the same proposals from the URL.
  const url = page.url();
  await page.reload();
  await waitForView(page, '');
  expect(page.url()).toBe(url);
  expect(await readSuggestions(page)).toEqual(shown);

  // So does a shared link, on its pinned data, without asking the API anything.
  const view = url.slice(new URL(url).origin.length);
  const shared = await shareAndOpen(page, browser, view);
  await expect(shared.page.getByTestId('suggest-panel')).toBeVisible({ timeout: 60_000 });
  expect(await readSuggestions(shared.page)).toEqual(shown);
  await expect(shared.page.getByTestId('evaluate-suggestions')).toHaveCount(0);
  await expect(shared.page.getByTestId('refine-automatically')).toHaveCount(0);
  expect(shared.apiRequests).toEqual([]);
  await shared.page.close();
});

test('the panel checks its fields, applies a new count and range, and falls back on a broken link', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/studies/${studyId}?suggest=abc&range=5,1`);
  await waitForView(page, '');
  // Junk in the link: the default count and range, no error page.
  const fallback = await readSuggestions(page);
  expect(fallback.alphas).toHaveLength(3);
  await expect(page.getByTestId('suggest-count')).toHaveValue('3');

  await page.getByTestId('suggest-count').fill('0');
  await page.getByTestId('suggest-lo').fill('abc');
  await page.getByTestId('suggest-hi').fill('12');
  await page.getByTestId('suggest-apply').click();
  await expect(page.getByTestId('suggest-count-error')).toContainText('a whole number from 1 to 20');
  await expect(page.getByTestId('suggest-lo-error')).toContainText('"abc" is not a number');
  await expect(page.getByTestId('suggest-hi-error')).toContainText('must be within [-10, 10]');
  await expect(page.getByTestId('suggest-lo')).toHaveAttribute('aria-invalid', 'true');
  await saveScreenshot(page, 'suggest-errors');

  await page.getByTestId('suggest-count').fill('5');
  await page.getByTestId('suggest-lo').fill('0');
  await page.getByTestId('suggest-hi').fill('1');
  await page.getByTestId('suggest-apply').click();
  await expect(page).toHaveURL(/[?&]suggest=5&range=0%2C1(&|$)/);
  const applied = await readSuggestions(page);
  expect(applied.alphas.length).toBeGreaterThan(0);
  expect(applied.alphas.length).toBeLessThanOrEqual(5);
  for (const a of applied.alphas) expect(a >= 0 && a <= 1).toBe(true);

  // The automatic run's form wants a budget before it sends anything.
  await page.getByTestId('refine-automatically').locator('summary').click();
  await page.getByTestId('refine-submit').click();
  await expect(page.getByTestId('refine-budget-error')).toContainText('required');
  await page.getByTestId('refine-budget').fill('99');
  await page.getByTestId('refine-target').fill('-1');
  await page.getByTestId('refine-submit').click();
  await expect(page.getByTestId('refine-budget-error')).toContainText('a whole number from 1 to 40');
  await expect(page.getByTestId('refine-target-error')).toContainText('a positive alpha width');

  await page.getByTestId('suggest-close').click();
  await expect(page).not.toHaveURL(/[?&]suggest=/);
  await expect(page.getByTestId('suggest-panel')).toHaveCount(0);
});

test('"Evaluate these" queues a chain per proposal, says so, and the next suggestions leave them out', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto(`/studies/${studyId}?suggest=3`);
  await waitForView(page, '');
  const { alphas } = await readSuggestions(page);
  expect(alphas).toHaveLength(3);
  // A proposal may fall where another test left a cancelled chain (evaluate.spec's 2.75 lies in the
  // demo's default range): clear it, so each alpha's jobs below are the chain queued here.
  await forgetAlphas(studyId, alphas);

  // Held merges keep the chains queued while the page and the Jobs API are checked.
  const release = await holdMerges();
  try {
    await page.getByTestId('evaluate-suggestions').click();
    const result = page.getByTestId('evaluate-suggestions-result');
    await expect(result).toContainText(`Queued ${alphas.map((a) => `α = ${a}`).join(', ')} (12 jobs).`, {
      timeout: 30_000,
    });
    await expect(result.getByTestId('evaluate-suggestions-jobs')).toHaveAttribute('href', `/studies/${studyId}/jobs`);

    const res = await request.get(`/api/jobs?study=${studyId}`);
    const { jobs } = (await res.json()) as {
      jobs: { id: number; alpha: number | null; kind: string; state: string }[];
    };
    for (const a of alphas) {
      const chain = jobs.filter((j) => j.alpha === a).sort((x, y) => x.id - y.id);
      expect(
        chain.map((j) => j.kind),
        `the chain of α = ${a}`,
      ).toEqual(['merge', 'generate', 'judge', 'aggregate']);
    }
    // The queued alphas are left out of the next proposals.
    await expect(page.getByTestId('suggest-excluded')).toContainText(
      [...alphas]
        .sort((a, b) => a - b)
        .map((a) => `α = ${a}`)
        .join(', '),
    );
    const next = await readSuggestions(page);
    for (const a of next.alphas) expect(alphas).not.toContain(a);
    await saveScreenshot(page, 'suggest-evaluated');

    // Nothing needs to run to the end here: cancel each chain after its merge.
    for (const a of alphas) {
      const generate = jobs.find((j) => j.alpha === a && j.kind === 'generate')!;
      expect((await request.post(`/api/jobs/${generate.id}/cancel`)).ok()).toBe(true);
    }
  } finally {
    await release();
  }
  for (const a of alphas) {
    await expect
      .poll(async () => (await jobsInDb(studyId, a)).map((j) => j.state), { timeout: 60_000 })
      .toEqual(['SUCCEEDED', 'CANCELLED', 'CANCELLED', 'CANCELLED']);
  }
  // Their merged checkpoints go too: a later merge at these alphas would find them and not wait.
  await forgetAlphas(studyId, alphas);
});

test('"Refine automatically" queues one refine job with the panel\'s settings, links to Jobs, and the run can be cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/studies/${studyId}?suggest=3&range=-1%2C2.5`);
  await waitForView(page, '');
  await readSuggestions(page);
  // Held merges: the run's first round stays queued while it is checked and cancelled.
  const release = await holdMerges();
  try {
    await page.getByTestId('refine-automatically').locator('summary').click();
    await page.getByTestId('refine-budget').fill('3');
    await page.getByTestId('refine-target').fill('0.25');
    await page.getByTestId('refine-submit').click();
    const result = page.getByTestId('refine-result');
    await expect(result).toContainText(/Refinement queued as job \d+\./, { timeout: 30_000 });
    await expect(result.getByRole('link', { name: 'The Jobs tab' })).toHaveAttribute(
      'href',
      `/studies/${studyId}/jobs`,
    );
    const jobId = Number(await result.getAttribute('data-job-id'));
    await saveScreenshot(page, 'suggest-refine-queued');

    const { job } = (await (await request.get(`/api/jobs/${jobId}`)).json()) as {
      job: { kind: string; studyId: number; state: string; refine?: { settings: unknown } };
    };
    expect(job).toMatchObject({ kind: 'refine', studyId });
    expect(['QUEUED', 'RUNNING']).toContain(job.state);
    expect(job.refine?.settings).toMatchObject({
      k: 1,
      count: 3,
      range: [-1, 2.5],
      budgetAlphas: 3,
      targetWidth: 0.25,
    });

    expect((await request.post(`/api/jobs/${jobId}/cancel`)).ok()).toBe(true);
    await expect.poll(async () => (await jobsInDb(studyId)).find((j) => j.id === jobId)?.state).toBe('CANCELLED');
  } finally {
    await release();
  }
});
