import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { byKey, cells, endpoints, ensemblePass, parseCsv, type DbCell } from './support/cells';
import { closeDatabase } from './support/database';
import { ensureEnsembleStudy } from './support/ensemble-study';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';
import { expectReadOnly, shareAndOpen } from './support/share';

// Ensembles at a matched budget against the test's own computation from run_problem_aggregate:
// 1 - prod C(n_i - c_i, k_i) / C(n_i, k_i) averaged over problems, for the allocation on the page.

test.afterAll(closeDatabase);

interface Shown {
  budget: number;
  allocation: { checkpointId: number; k: number }[];
  ensemble: number;
  best: number;
  bestId: number;
  gain: number;
  lo: number;
  hi: number;
}

async function waitForEnsemble(page: Page) {
  const view = page.getByTestId('ensembles-view');
  await expect(view).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(view).not.toHaveClass(/fetching/);
}

async function readShown(page: Page): Promise<Shown> {
  const num = async (id: string, attr = 'data-value') => Number(await page.getByTestId(id).getAttribute(attr));
  const allocation = await page.getByTestId('allocation-row').evaluateAll((els) =>
    els.map((el) => ({
      checkpointId: Number(el.getAttribute('data-checkpoint-id')),
      k: Number(el.getAttribute('data-k')),
    })),
  );
  return {
    budget: await num('ensemble-pass', 'data-budget'),
    allocation,
    ensemble: await num('ensemble-pass'),
    best: await num('best-single'),
    bestId: await num('best-single', 'data-checkpoint-id'),
    gain: await num('ensemble-gain'),
    lo: await num('ensemble-gain', 'data-lo'),
    hi: await num('ensemble-gain', 'data-hi'),
  };
}

/** The test's own numbers for what the page shows: ensemble pass, smallest n, best single pass@B. */
function expected(all: DbCell[], members: number[], allocation: Shown['allocation'], budget: number) {
  const cell = byKey(all);
  const problems = [...new Set(all.map((x) => x.problemId))].filter((p) => members.every((m) => cell.has(`${m}:${p}`)));
  const perProblem = problems.map((p) =>
    ensemblePass(allocation.map((a) => ({ ...cell.get(`${a.checkpointId}:${p}`)!, k: a.k }))),
  );
  const ensemble = perProblem.reduce((s, x) => s + x, 0) / problems.length;
  const smallestN = Math.min(...members.flatMap((m) => problems.map((p) => cell.get(`${m}:${p}`)!.n)));
  const checkpoints = [...new Set(all.map((x) => x.checkpointId))];
  let best = -1;
  let bestId = -1;
  for (const id of checkpoints.sort((a, b) => a - b)) {
    const mine = problems.map((p) => cell.get(`${id}:${p}`));
    if (mine.some((x) => !x || x.n < budget)) continue;
    const pass = mine.reduce((s, x) => s + ensemblePass([{ ...x!, k: budget }]), 0) / problems.length;
    if (pass > best + 1e-15) {
      best = pass;
      bestId = id;
    }
  }
  return { ensemble, smallestN, best, bestId, problems: problems.length };
}

function expectAgreement(shown: Shown, e: ReturnType<typeof expected>) {
  expect(shown.allocation.reduce((s, a) => s + a.k, 0)).toBe(shown.budget);
  expect(Math.abs(shown.ensemble - e.ensemble)).toBeLessThan(1e-9);
  expect(Math.abs(shown.best - e.best)).toBeLessThan(1e-9);
  expect(Math.abs(shown.gain - (shown.ensemble - shown.best))).toBeLessThan(1e-9);
  expect(Math.abs(shown.gain - (e.ensemble - e.best))).toBeLessThan(1e-9);
  expect(shown.lo).toBeLessThanOrEqual(shown.hi);
}

test('250 samples: the opening budget, uniform and optimised ensembles equal the formula, gain = ensemble - best single', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const studyId = await ensureEnsembleStudy();
  const all = await cells(studyId);
  const { low, high } = await endpoints(studyId);

  await page.goto(`/studies/${studyId}/ensembles`);
  // The default selection (the trained endpoints) and allocation are written into the URL.
  await expect(page).toHaveURL(
    new RegExp(`c=${Math.min(low, high)},${Math.max(low, high)}.*alloc=uniform|c=${low},${high}.*alloc=uniform`),
  );
  await waitForEnsemble(page);
  const shown = await readShown(page);
  const e = expected(all, [low, high], shown.allocation, shown.budget);
  // The opening budget: the largest of 1, 2, 5, 10, ... (up to the members' smallest n) at which
  // the best single checkpoint's pass@B is still under 90%, so the curves still differ there.
  let opening = 1;
  for (const b of [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].filter((x) => x <= e.smallestN)) {
    if (expected(all, [low, high], [], b).best >= 0.9) break;
    opening = b;
  }
  expect(shown.budget).toBe(opening);
  expect(e.best).toBeLessThan(0.9);
  await expect(page.getByTestId('budget-note')).toContainText('the largest of 1, 2, 5, 10, 20, 50');
  expect(shown.allocation.map((a) => a.k).sort()).toEqual(
    [Math.floor(shown.budget / 2), Math.ceil(shown.budget / 2)].sort(),
  );
  expectAgreement(shown, e);
  // The log axis reads 1, 2, 5, 10, ...: every tick label a round number, none twice; no developer text.
  const ticks = await page.locator('[data-testid="ensemble-plot"] .xtick text').allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  expect(new Set(ticks).size).toBe(ticks.length);
  for (const t of ticks) expect([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]).toContain(Number(t));
  await expect(page.getByTestId('ensembles-view')).not.toContainText('main thread');
  // A uniform split's remainder goes to the stronger member: at k = 1 the ensemble is its best member.
  await page.getByTestId('ensemble-budget').fill('1');
  await page.getByTestId('ensemble-budget').press('Enter');
  await waitForEnsemble(page);
  const one = await readShown(page);
  expect(one.budget).toBe(1);
  const strongest = Math.max(...[low, high].map((id) => expected(all, [id], [{ checkpointId: id, k: 1 }], 1).ensemble));
  expect(Math.abs(one.ensemble - strongest)).toBeLessThan(1e-9);
  await page.getByTestId('ensemble-default-budget').click();
  await waitForEnsemble(page);
  expect((await readShown(page)).budget).toBe(opening);
  await saveScreenshot(page, 'ensembles-250-uniform');

  await page.getByTestId('ensemble-alloc').selectOption('optimised');
  await expect(page).toHaveURL(/alloc=optimised/);
  await waitForEnsemble(page);
  const opt = await readShown(page);
  expectAgreement(opt, expected(all, [low, high], opt.allocation, opt.budget));

  // The plotted numbers download as CSV; the ensemble's last point is the pass at the budget.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const [header, ...rows] = parseCsv(readFileSync((await download.path())!, 'utf8'));
  expect(header).toEqual(['series', 'checkpoint_ids', 'name', 'alpha', 'k', 'pass']);
  const ens = rows.filter((r) => r[0] === 'ensemble');
  expect(Number(ens.at(-1)![4])).toBe(opt.budget);
  expect(Math.abs(Number(ens.at(-1)![5]) - opt.ensemble)).toBeLessThan(1e-12);
  expect(rows.length).toBe(Number(await page.getByTestId('ensemble-plot').getAttribute('data-points')));
  await saveScreenshot(page, 'ensembles-250-optimised');
});

test('adding the best next checkpoint, a chosen budget and the URL reproduce the view', async ({ page }) => {
  const studyId = await studyIdByName(FIXTURE_STUDY);
  const all = await cells(studyId);
  const { low, high } = await endpoints(studyId);
  await page.goto(`/studies/${studyId}/ensembles?c=${low},${high}&budget=6&alloc=uniform`);
  await waitForEnsemble(page);
  const before = await readShown(page);
  expect(before.budget).toBe(6);
  expectAgreement(before, expected(all, [low, high], before.allocation, 6));

  const next = page.getByTestId('next-row').first();
  const added = Number(await next.getAttribute('data-checkpoint-id'));
  const predicted = Number(await next.getAttribute('data-pass'));
  await next.getByTestId('next-add').click();
  await expect(page).toHaveURL(new RegExp(`c=${low},${high},${added}`));
  await waitForEnsemble(page);
  const after = await readShown(page);
  expect(after.allocation).toHaveLength(3);
  expect(Math.abs(after.ensemble - predicted)).toBeLessThan(1e-12);
  expectAgreement(after, expected(all, [low, high, added], after.allocation, 6));

  const url = page.url();
  await page.goto('about:blank');
  await page.goto(url);
  await waitForEnsemble(page);
  expect(await readShown(page)).toEqual(after);

  // A budget beyond what the members have is lowered, and the page says why.
  await page.goto(`/studies/${studyId}/ensembles?c=${low},${high}&budget=100000&alloc=uniform`);
  await waitForEnsemble(page);
  const capped = await readShown(page);
  const e = expected(all, [low, high], capped.allocation, capped.budget);
  expect(capped.budget).toBe(e.smallestN);
  await expect(page.getByTestId('budget-note')).toContainText('lowered from the budget in the link');
  expectAgreement(capped, e);
  await saveScreenshot(page, 'ensembles-fixture');
});

test('Share pins the ensemble: the link shows the same numbers read-only; the reader can still try other members', async ({
  page,
  browser,
}) => {
  const studyId = await studyIdByName(FIXTURE_STUDY);
  const all = await cells(studyId);
  const { low, high } = await endpoints(studyId);
  const view = `/studies/${studyId}/ensembles?c=${low}%2C${high}&budget=4&alloc=optimised`;
  await page.goto(view.replace('%2C', ','));
  await waitForEnsemble(page);
  const live = await readShown(page);
  expectAgreement(live, expected(all, [low, high], live.allocation, 4));

  const shared = await shareAndOpen(page, browser, view);
  const other = shared.page;
  await waitForEnsemble(other);
  expect(await readShown(other)).toEqual(live);
  await expectReadOnly(other);
  expect(shared.apiRequests).toEqual([]);
  await saveScreenshot(other, 'share-ensembles');

  // Dropping a member is computed from the pinned data, in the page.
  await other.locator(`[data-testid="ensemble-pick"][data-checkpoint-id="${high}"]`).uncheck();
  await waitForEnsemble(other);
  const alone = await readShown(other);
  expect(alone.allocation).toEqual([{ checkpointId: low, k: 4 }]);
  expectAgreement(alone, expected(all, [low], alone.allocation, 4));
  expect(shared.apiRequests).toEqual([]);
  await other.close();
});
