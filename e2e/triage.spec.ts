import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { byKey, cells, endpoints, parseCsv, type DbCell } from './support/cells';
import { closeDatabase, databaseUrl, dataDir, query } from './support/database';
import { ensureSaturatedStudy } from './support/saturated-study';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';
import { expectReadOnly, shareAndOpen } from './support/share';
import { expectedTriage, problemOrder, type ExpectedTriage } from './support/triage';

// Triage of two checkpoints against the aggregates: per-problem Fisher p and BH q computed here
// from SQL with exact arithmetic, the queue's ranking, McNemar under the solved rule, the CSV
// export, the URL, the API and the CLI.

test.afterAll(closeDatabase);

let studyId: number;
let all: DbCell[];
let order: Map<number, number>;

test.beforeAll(async () => {
  studyId = await studyIdByName(FIXTURE_STUDY);
  all = await cells(studyId);
  order = await problemOrder();
});

const expected = (a: number, b: number, from: DbCell[] = all, opts?: Parameters<typeof expectedTriage>[4]) =>
  expectedTriage(from, a, b, order, opts);

async function waitForTriage(page: Page, a: number, b: number) {
  const view = page.getByTestId('triage-view');
  await expect(view).toHaveAttribute('data-a', String(a));
  await expect(view).toHaveAttribute('data-b', String(b));
  await expect(view).toHaveAttribute('data-evidence', 'ready');
  await expect(view).not.toHaveClass(/fetching/);
}

async function expectMatches(page: Page, e: ExpectedTriage) {
  await expect(page.getByTestId('triage-only-a')).toHaveAttribute('data-value', String(e.onlyA));
  await expect(page.getByTestId('triage-p')).toHaveAttribute('data-only-b', String(e.onlyB));
  const p = Number(await page.getByTestId('triage-p').getAttribute('data-value'));
  expect(Math.abs(p - e.mcnemar)).toBeLessThanOrEqual(1e-12 + 1e-9 * e.mcnemar);
  await expect(page.getByTestId('triage-significant')).toHaveAttribute('data-value', String(e.significant));
  const rows = await page.getByTestId('triage-row').evaluateAll((els) =>
    els.map((el) => ({
      problemId: Number(el.getAttribute('data-problem-id')),
      q: Number(el.getAttribute('data-q')),
      p: Number(el.getAttribute('data-p')),
    })),
  );
  expect(rows.length).toBe(Math.min(e.rows.length, 100));
  expect(rows.map((r) => r.problemId)).toEqual(e.rows.slice(0, 100).map((r) => r.problemId));
  rows.forEach((r, i) => {
    expect(r.p / e.rows[i]!.p).toBeCloseTo(1, 8);
    expect(Math.abs(r.q - e.rows[i]!.q)).toBeLessThan(1e-9);
  });
}

test('defaults to the trained endpoints; Fisher p, BH q, ranking and McNemar equal the database', async ({ page }) => {
  const { low, high } = await endpoints(studyId);
  await page.goto(`/studies/${studyId}/triage`);
  // The defaults are written into the URL.
  await expect(page).toHaveURL(new RegExp(`[?&]a=${low}&b=${high}`));
  await waitForTriage(page, low, high);
  const e = expected(low, high);
  expect(e.rows.length).toBeGreaterThan(0);
  await expectMatches(page, e);
  await expect(page.getByTestId('triage-definition')).toContainText("Fisher's exact test");
  await expect(page.getByTestId('triage-definition')).toContainText('Benjamini–Hochberg');
  await expect(page.getByTestId('solved-rule')).toHaveAttribute('data-rule', 'c/n ≥ 0.5');
  // Each row links to the problem's drill-down.
  const first = page.getByTestId('triage-problem-link').first();
  await expect(first).toHaveAttribute('href', `/studies/${studyId}/problems/${e.rows[0]!.problemId}`);
  // The interval brackets the difference of mean c/n.
  const diff = page.getByTestId('triage-diff');
  const [est, lo, hi] = await Promise.all(
    ['data-value', 'data-lo', 'data-hi'].map(async (k) => Number(await diff.getAttribute(k))),
  );
  expect(lo!).toBeLessThanOrEqual(est!);
  expect(hi!).toBeGreaterThanOrEqual(est!);

  // The solved rule and the q threshold are choices kept in the URL; McNemar follows the rule.
  await page.getByTestId('solved-kind').selectOption('any');
  await expect(page).toHaveURL(/[?&]solved=any/);
  await page.getByTestId('q-threshold').fill('0.2');
  await page.getByTestId('q-threshold').press('Enter');
  await expect(page).toHaveURL(/[?&]q=0\.2/);
  await waitForTriage(page, low, high);
  await expectMatches(page, expected(low, high, all, { tau: null, q: 0.2 }));
  await page.reload();
  await waitForTriage(page, low, high);
  await expectMatches(page, expected(low, high, all, { tau: null, q: 0.2 }));
  // The rule travels to the other tabs.
  await expect(page.getByTestId('tab-matrix')).toHaveAttribute('href', /solved=any/);
  await saveScreenshot(page, 'triage-endpoints');
});

test('the CSV export downloads every compared problem in rank order, with p, q and the rule', async ({ page }) => {
  const { low, high } = await endpoints(studyId);
  await page.goto(`/studies/${studyId}/triage?a=${low}&b=${high}`);
  await waitForTriage(page, low, high);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('triage-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const table = parseCsv(readFileSync((await download.path())!, 'utf8'));
  const [header, ...rows] = table;
  const e = expected(low, high);
  expect(rows).toHaveLength(e.rows.length);
  const col = (name: string) => header!.indexOf(name);
  expect(rows.map((r) => Number(r[col('problem_id')]))).toEqual(e.rows.map((r) => r.problemId));
  const cell = byKey(all);
  rows.forEach((r, i) => {
    const x = cell.get(`${low}:${r[col('problem_id')]}`)!;
    expect([Number(r[col('a_c')]), Number(r[col('a_n')])]).toEqual([x.c, x.n]);
    expect(Math.abs(Number(r[col('q_bh')]) - e.rows[i]!.q)).toBeLessThan(1e-9);
    expect(r[col('solved_rule')]).toBe('c/n ≥ 0.5');
  });
});

test('any pair from the URL, swapped from the page, reproduces on reload', async ({ page }) => {
  const ids = (
    await query<{ id: number }>('SELECT id FROM checkpoint WHERE study_id = $1 ORDER BY alpha NULLS LAST, id', [
      studyId,
    ])
  ).map((r) => r.id);
  const a = ids[0]!;
  const b = ids[ids.length - 1]!;
  await page.goto(`/studies/${studyId}/triage?a=${a}&b=${b}`);
  await waitForTriage(page, a, b);
  await expectMatches(page, expected(a, b));

  await page.getByTestId('triage-swap').click();
  await expect(page).toHaveURL(new RegExp(`[?&]a=${b}&b=${a}`));
  await waitForTriage(page, b, a);
  const swapped = expected(b, a);
  await expectMatches(page, swapped);

  await page.reload();
  await waitForTriage(page, b, a);
  await expectMatches(page, swapped);

  // An id the study does not have is reported, not guessed.
  await page.goto(`/studies/${studyId}/triage?a=999999&b=${b}`);
  await expect(page.getByTestId('triage-unknown')).toBeVisible();
});

test('first failing tier and dominant verdict come from the aggregates (demo study, when present)', async ({
  page,
}) => {
  const demo = await query<{ id: number }>(`SELECT id FROM study WHERE origin = 'demo' ORDER BY id LIMIT 1`);
  expect(demo[0], 'npm start made the demo lab study (the fixture setup waits for it)').toBeTruthy();
  const id = demo[0]!.id;
  const { low, high } = await endpoints(id);
  const hist = await query<{ problem_id: number; tier: number; count: number }>(
    `SELECT a.problem_id, t.tier::int AS tier, sum(t.count)::int AS count FROM eval_run r JOIN run_problem_aggregate a ON a.run_id = r.id
     CROSS JOIN LATERAL unnest(a.fail_tier_hist) WITH ORDINALITY AS t(count, tier) WHERE r.checkpoint_id = $1 GROUP BY 1, 2`,
    [low],
  );
  expect(hist.length, 'the demo study has first-failing-tier data').toBeGreaterThan(0);
  await page.goto(`/studies/${id}/triage?a=${low}&b=${high}`);
  await waitForTriage(page, low, high);
  const rows = await page.getByTestId('triage-row').evaluateAll((els) =>
    els.map((el) => ({
      problemId: Number(el.getAttribute('data-problem-id')),
      tier: el.querySelector('[data-testid="a-why"]')!.getAttribute('data-tier'),
    })),
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) {
    const mine = hist.filter((h) => h.problem_id === r.problemId && h.count > 0);
    const best = mine.reduce<{ tier: number; count: number } | null>(
      (m, h) => (!m || h.count > m.count || (h.count === m.count && h.tier < m.tier) ? h : m),
      null,
    );
    expect(r.tier, `problem ${r.problemId}`).toBe(best ? String(best.tier) : '');
  }
  await saveScreenshot(page, 'triage-demo');
});

test('Share pins the pair and its evidence: read-only, and the pinned numbers after the data changes', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ids = (
    await query<{ id: number }>('SELECT id FROM checkpoint WHERE study_id = $1 ORDER BY alpha NULLS LAST, id', [
      studyId,
    ])
  ).map((r) => r.id);
  const a = ids[1]!;
  const b = ids[ids.length - 2]!;
  const view = `/studies/${studyId}/triage?a=${a}&b=${b}`;
  await page.goto(view);
  await waitForTriage(page, a, b);
  const e = expected(a, b);
  await expectMatches(page, e);

  const shared = await shareAndOpen(page, browser, view);
  const other = shared.page;
  // The evidence of the pair is pinned with the data, under the key the tab asks for.
  const [row] = await query<{ keys: unknown[] }>(
    `SELECT jsonb_path_query_array(payload, '$.queries[*].key') AS keys FROM share WHERE token = $1`,
    [shared.token],
  );
  expect(row!.keys).toEqual([['studies', studyId, 'evidence', '', a, b]]);
  await waitForTriage(other, a, b);
  await expectMatches(other, e);
  await expectReadOnly(other);
  await expect(other.getByTestId('triage-a')).toBeDisabled();
  expect(shared.apiRequests).toEqual([]);
  await saveScreenshot(other, 'share-triage');

  // A problem both solve at least once stops being solved by A, and the data version moves (as after new samples).
  const cell = byKey(all);
  const problem = [...new Set(all.map((x) => x.problemId))].find(
    (p) => (cell.get(`${a}:${p}`)?.c ?? 0) > 0 && (cell.get(`${b}:${p}`)?.c ?? 0) > 0,
  );
  expect(problem).toBeDefined();
  const changed = await query<{ run_id: number; solved: number; wa: number }>(
    `SELECT a.run_id, a.solved, a.wa FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id WHERE r.checkpoint_id = $1 AND a.problem_id = $2`,
    [a, problem],
  );
  await query(
    `UPDATE run_problem_aggregate SET wa = wa + solved, solved = 0 WHERE problem_id = $1 AND run_id = ANY($2::int[])`,
    [problem, changed.map((r) => r.run_id)],
  );
  await query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [studyId]);
  try {
    await other.reload();
    await expect(other.getByTestId('data-changed')).toBeVisible();
    await waitForTriage(other, a, b);
    await expectMatches(other, e);

    await other.getByTestId('show-current').check();
    await expect(other.getByTestId('shared-view')).toHaveAttribute('data-source', 'current');
    await waitForTriage(other, a, b);
    const now = expected(a, b, await cells(studyId));
    expect(now.rows).not.toEqual(e.rows);
    await expectMatches(other, now);
  } finally {
    for (const r of changed)
      await query('UPDATE run_problem_aggregate SET solved = $3, wa = $4 WHERE run_id = $1 AND problem_id = $2', [
        r.run_id,
        problem,
        r.solved,
        r.wa,
      ]);
    await query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [studyId]);
    await other.close();
  }
});

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

test('250 samples, where c > 0 saturates: the page, the API and the CLI find the same differing problems', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const id = await ensureSaturatedStudy();
  const data = await cells(id);
  const { low, high } = await endpoints(id);
  const alphaOf = async (checkpoint: number) =>
    (
      await query<{ alpha: number }>(
        "SELECT COALESCE(alpha, CASE role WHEN 'LOW' THEN 0 ELSE 1 END) AS alpha FROM checkpoint WHERE id = $1",
        [checkpoint],
      )
    )[0]!.alpha;
  const e = expected(low, high, data);
  const saturated = expected(low, high, data, { tau: null, q: 0.05 });
  // "Solved at least once" hides every difference here; the rates show the 23 problems that moved.
  expect(saturated.onlyA + saturated.onlyB).toBe(0);
  expect(e.significant).toBe(23);

  await page.goto(`/studies/${id}/triage?a=${low}&b=${high}&solved=any`);
  await waitForTriage(page, low, high);
  await expectMatches(page, saturated);
  await expect(page.getByTestId('triage-threshold-row')).toBeVisible();

  // The API answers the same rows, by alpha.
  const [alphaA, alphaB] = [await alphaOf(low), await alphaOf(high)];
  const api = await request.get(`/api/studies/${id}/triage?a=${alphaA}&b=${alphaB}`);
  expect(api.status()).toBe(200);
  const apiRows = (await api.json()) as Array<{
    problem_id: string;
    a_c: number;
    b_c: number;
    q: number;
    significant: boolean;
  }>;
  expect(apiRows).toHaveLength(e.rows.length);
  expect(apiRows.filter((r) => r.significant)).toHaveLength(e.significant);
  const bad = await request.get(`/api/studies/${id}/triage?a=${alphaA}&b=7.5`);
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.message).toContain("invalid query parameter 'b'");

  // And so does the CLI, row for row.
  const out = execFileSync(
    'node',
    [
      join(repoRoot, 'apps/cli/bin/frontier.js'),
      'triage',
      String(id),
      '--a',
      String(alphaA),
      '--b',
      String(alphaB),
      '--json',
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl(), FRONTIER_DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  expect(JSON.parse(out)).toEqual(apiRows);
  await saveScreenshot(page, 'triage-250-samples');
});
