import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { byKey, cells, endpoints, mcnemarP, parseCsv, type DbCell } from './support/cells';
import { closeDatabase, query } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';
import { expectReadOnly, shareAndOpen } from './support/share';

// Triage of two checkpoints against the aggregates: discordant counts and the exact McNemar p
// computed here from SQL, the queue's ranking, the CSV export and the URL.

test.afterAll(closeDatabase);

let studyId: number;
let all: DbCell[];

test.beforeAll(async () => {
  studyId = await studyIdByName(FIXTURE_STUDY);
  all = await cells(studyId);
});

interface Expected {
  b: number;
  c: number;
  p: number;
  ranking: { problemId: number; gap: number }[];
}

/** The test's own triage of A and B: solved = c > 0, over problems both have judged samples for. */
function expected(a: number, b: number, from: DbCell[] = all): Expected {
  const cell = byKey(from);
  const problems = [...new Set(from.map((x) => x.problemId))];
  let onlyA = 0;
  let onlyB = 0;
  const ranking: Expected['ranking'] = [];
  for (const p of problems) {
    const x = cell.get(`${a}:${p}`);
    const y = cell.get(`${b}:${p}`);
    if (!x || !y) continue;
    if (x.c > 0 === y.c > 0) continue;
    if (x.c > 0) onlyA++;
    else onlyB++;
    ranking.push({ problemId: p, gap: Math.abs(x.c / x.n - y.c / y.n) });
  }
  ranking.sort((u, v) => v.gap - u.gap || u.problemId - v.problemId);
  return { b: onlyA, c: onlyB, p: mcnemarP(onlyA, onlyB), ranking };
}

async function waitForTriage(page: Page, a: number, b: number) {
  const view = page.getByTestId('triage-view');
  await expect(view).toHaveAttribute('data-a', String(a));
  await expect(view).toHaveAttribute('data-b', String(b));
  await expect(view).toHaveAttribute('data-evidence', 'ready');
  await expect(view).not.toHaveClass(/fetching/);
}

async function expectMatches(page: Page, e: Expected) {
  await expect(page.getByTestId('triage-only-a')).toHaveAttribute('data-value', String(e.b));
  await expect(page.getByTestId('triage-only-b')).toHaveAttribute('data-value', String(e.c));
  const p = Number(await page.getByTestId('triage-p').getAttribute('data-value'));
  expect(Math.abs(p - e.p)).toBeLessThanOrEqual(1e-12 + 1e-9 * e.p);
  const rows = await page.getByTestId('triage-row').evaluateAll((els) => els.map((el) => ({ problemId: Number(el.getAttribute('data-problem-id')), gap: Number(el.getAttribute('data-gap')) })));
  expect(rows.length).toBe(Math.min(e.ranking.length, 100));
  expect(rows.slice(0, 10).map((r) => r.problemId)).toEqual(e.ranking.slice(0, 10).map((r) => r.problemId));
  rows.slice(0, 10).forEach((r, i) => expect(Math.abs(r.gap - e.ranking[i]!.gap)).toBeLessThan(1e-12));
}

test('defaults to the trained endpoints; counts, McNemar p and queue equal the database', async ({ page }) => {
  const { low, high } = await endpoints(studyId);
  await page.goto(`/studies/${studyId}/triage`);
  // The defaults are written into the URL.
  await expect(page).toHaveURL(new RegExp(`[?&]a=${low}&b=${high}`));
  await waitForTriage(page, low, high);
  const e = expected(low, high);
  expect(e.b + e.c).toBeGreaterThan(0);
  await expectMatches(page, e);
  await expect(page.getByTestId('triage-definition')).toContainText('at least one');
  // Each row links to the problem's drill-down.
  const first = page.getByTestId('triage-problem-link').first();
  await expect(first).toHaveAttribute('href', `/studies/${studyId}/problems/${e.ranking[0]!.problemId}`);
  // The interval brackets the difference of mean c/n.
  const diff = page.getByTestId('triage-diff');
  const [est, lo, hi] = await Promise.all(['data-value', 'data-lo', 'data-hi'].map(async (k) => Number(await diff.getAttribute(k))));
  expect(lo!).toBeLessThanOrEqual(est!);
  expect(hi!).toBeGreaterThanOrEqual(est!);
  await saveScreenshot(page, 'triage-endpoints');
});

test('the CSV export downloads the whole queue in rank order', async ({ page }) => {
  const { low, high } = await endpoints(studyId);
  await page.goto(`/studies/${studyId}/triage?a=${low}&b=${high}`);
  await waitForTriage(page, low, high);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('triage-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const table = parseCsv(readFileSync((await download.path())!, 'utf8'));
  const [header, ...rows] = table;
  const e = expected(low, high);
  expect(rows).toHaveLength(e.ranking.length);
  const col = (name: string) => header!.indexOf(name);
  expect(rows.map((r) => Number(r[col('problem_id')]))).toEqual(e.ranking.map((r) => r.problemId));
  const cell = byKey(all);
  for (const r of rows) {
    const x = cell.get(`${low}:${r[col('problem_id')]}`)!;
    expect([Number(r[col('a_c')]), Number(r[col('a_n')])]).toEqual([x.c, x.n]);
  }
});

test('any pair from the URL, swapped from the page, reproduces on reload', async ({ page }) => {
  const ids = (await query<{ id: number }>('SELECT id FROM checkpoint WHERE study_id = $1 ORDER BY alpha NULLS LAST, id', [studyId])).map((r) => r.id);
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

test('first failing tier and dominant verdict come from the aggregates (demo study, when present)', async ({ page }) => {
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
    els.map((el) => ({ problemId: Number(el.getAttribute('data-problem-id')), tier: el.querySelector('[data-testid="a-tier"]')!.getAttribute('data-value') })),
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) {
    const mine = hist.filter((h) => h.problem_id === r.problemId && h.count > 0);
    const best = mine.reduce<{ tier: number; count: number } | null>((m, h) => (!m || h.count > m.count || (h.count === m.count && h.tier < m.tier) ? h : m), null);
    expect(r.tier, `problem ${r.problemId}`).toBe(best ? String(best.tier) : '');
  }
  await saveScreenshot(page, 'triage-demo');
});

test('Share pins the pair and its evidence: read-only, and the pinned numbers after the data changes', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const ids = (await query<{ id: number }>('SELECT id FROM checkpoint WHERE study_id = $1 ORDER BY alpha NULLS LAST, id', [studyId])).map((r) => r.id);
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
  const [row] = await query<{ keys: unknown[] }>(`SELECT jsonb_path_query_array(payload, '$.queries[*].key') AS keys FROM share WHERE token = $1`, [shared.token]);
  expect(row!.keys).toEqual([['studies', studyId, 'evidence', '', a, b]]);
  await waitForTriage(other, a, b);
  await expectMatches(other, e);
  await expectReadOnly(other);
  await expect(other.getByTestId('triage-a')).toBeDisabled();
  expect(shared.apiRequests).toEqual([]);
  await saveScreenshot(other, 'share-triage');

  // A problem both solve stops being solved by A, and the data version moves (as after new samples).
  const cell = byKey(all);
  const problem = [...new Set(all.map((x) => x.problemId))].find((p) => (cell.get(`${a}:${p}`)?.c ?? 0) > 0 && (cell.get(`${b}:${p}`)?.c ?? 0) > 0);
  expect(problem).toBeDefined();
  const changed = await query<{ run_id: number; solved: number; wa: number }>(
    `SELECT a.run_id, a.solved, a.wa FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id WHERE r.checkpoint_id = $1 AND a.problem_id = $2`,
    [a, problem],
  );
  await query(`UPDATE run_problem_aggregate SET wa = wa + solved, solved = 0 WHERE problem_id = $1 AND run_id = ANY($2::int[])`, [problem, changed.map((r) => r.run_id)]);
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
    expect(now.c).toBe(e.c + 1);
    await expectMatches(other, now);
  } finally {
    for (const r of changed) await query('UPDATE run_problem_aggregate SET solved = $3, wa = $4 WHERE run_id = $1 AND problem_id = $2', [r.run_id, problem, r.solved, r.wa]);
    await query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [studyId]);
    await other.close();
  }
});
