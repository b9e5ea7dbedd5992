import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase, query } from './support/database';
import { waitForView } from './support/study-page';

// The failure tiers along alpha against the sample table itself (not the aggregates the app
// reads): per checkpoint, the mean over problems of the share of judged samples whose first
// failing test is in tier t, correctness and optimization failures apart. The demo lab study
// judges every program here, with per-test results and four tiers.

test.afterAll(closeDatabase);

let studyId: number;
test.beforeAll(async () => {
  const [demo] = await query<{ id: number }>(`SELECT id FROM study WHERE origin = 'demo' ORDER BY id LIMIT 1`);
  studyId = demo!.id;
});

type Row = { alpha: number; problem_id: number; verdict: string; cls: string; passed: number | null; n: number };

/** alpha -> { correctness: share per tier, optimization: share per tier }, from raw samples. */
async function expectedShares(problemId?: number) {
  const rows = await query<Row>(
    `SELECT coalesce(c.alpha, CASE c.role WHEN 'LOW' THEN 0 ELSE 1 END) AS alpha, s.problem_id, s.verdict::text AS verdict,
            s.failure_class::text AS cls, s.coverage_passed AS passed, count(*)::int AS n
     FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
     WHERE c.study_id = $1 AND s.verdict IS NOT NULL AND s.verdict <> 'IE' AND ($2::int IS NULL OR s.problem_id = $2)
     GROUP BY 1, 2, 3, 4, 5`,
    [studyId, problemId ?? null],
  );
  const tiers = Math.max(...rows.filter((r) => r.verdict !== 'AC' && r.passed !== null).map((r) => r.passed! + 1));
  const byAlpha = new Map<number, Map<number, { n: number; c: number[]; o: number[] }>>();
  for (const r of rows) {
    const problems = byAlpha.get(r.alpha) ?? new Map<number, { n: number; c: number[]; o: number[] }>();
    byAlpha.set(r.alpha, problems);
    const p = problems.get(r.problem_id) ?? { n: 0, c: new Array(tiers).fill(0), o: new Array(tiers).fill(0) };
    problems.set(r.problem_id, p);
    p.n += r.n;
    if (r.verdict === 'AC' || r.passed === null) continue;
    (r.cls === 'CORRECTNESS' ? p.c : p.o)[r.passed]! += r.n;
  }
  const out = new Map<number, { correctness: number[]; optimization: number[] }>();
  for (const [alpha, problems] of byAlpha) {
    const mean = (pick: (p: { n: number; c: number[]; o: number[] }) => number[], t: number) =>
      [...problems.values()].reduce((s, p) => s + pick(p)[t]! / p.n, 0) / problems.size;
    out.set(alpha, {
      correctness: Array.from({ length: tiers }, (_, t) => mean((p) => p.c, t)),
      optimization: Array.from({ length: tiers }, (_, t) => mean((p) => p.o, t)),
    });
  }
  return { tiers, shares: out };
}

type Trace = { name: string; legendgroup: string; x: number[]; y: number[]; lo: number[] };
async function tierTraces(page: Page, testId: string): Promise<Trace[]> {
  const chart = page.getByTestId(testId).first();
  await expect(chart).toHaveAttribute('data-status', 'ready');
  return chart.locator('.js-plotly-plot').evaluate((el) =>
    (
      el as unknown as {
        data: { name: string; legendgroup: string; x: number[]; y: number[]; customdata: number[][] }[];
      }
    ).data.map((t) => ({
      name: t.name,
      legendgroup: t.legendgroup,
      x: [...t.x],
      y: [...t.y],
      lo: t.customdata.map((d) => d[0]!),
    })),
  );
}

function expectTracesMatch(traces: Trace[], expected: Awaited<ReturnType<typeof expectedShares>>) {
  expect(traces).toHaveLength(2 * expected.tiers);
  for (const t of traces) {
    const tier = Number(/^tier (\d+)/.exec(t.name)![1]) - 1;
    expect(t.x.length).toBe(expected.shares.size);
    t.x.forEach((alpha, i) => {
      const want = expected.shares.get(alpha)![t.legendgroup as 'correctness' | 'optimization'][tier]!;
      expect(Math.abs(t.y[i]! - want), `${t.legendgroup} tier ${tier + 1} at alpha ${alpha}`).toBeLessThan(1e-9);
      expect(t.lo[i]!).toBeLessThanOrEqual(t.y[i]! + 1e-12);
    });
  }
}

test('the Frontier tab shows where programs first fail along alpha, as the sample table has it', async ({ page }) => {
  const expected = await expectedShares();
  expect(expected.tiers, 'the demo lab judges four tiers').toBe(4);
  // The paper's mechanism in the demo: optimization failures on the largest tier fall from the
  // low-coverage endpoint (alpha 0) to the high-coverage one (alpha 1).
  expect(expected.shares.get(1)!.optimization[3]!).toBeLessThan(expected.shares.get(0)!.optimization[3]!);

  await page.goto(`/studies/${studyId}`);
  await waitForView(page, '');
  const card = page.getByTestId('fail-tier-card');
  await card.scrollIntoViewIfNeeded();
  expectTracesMatch(await tierTraces(page, 'fail-tier-plot'), expected);
  await expect(page.getByTestId('fail-tier-definition')).toContainText('first failing test is in that tier');

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'CSV' }).click();
  const csv = await (await download).createReadStream().then(
    (s) =>
      new Promise<string>((resolve) => {
        let text = '';
        s.on('data', (d: Buffer) => (text += d.toString()));
        s.on('end', () => resolve(text));
      }),
  );
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('alpha,checkpoint,class,tier,share,share_lo,share_hi,untiered_share,problems');
  expect(lines).toHaveLength(1 + expected.shares.size * 2 * expected.tiers);
  await saveScreenshot(page, 'fail-tiers-frontier');
});

test('the drill-down splits each checkpoint’s first failing tiers by class and plots the problem’s own', async ({
  page,
}) => {
  const [p] = await query<{ problem_id: number }>(
    `SELECT s.problem_id FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
     WHERE c.study_id = $1 AND s.failure_class = 'OPTIMIZATION' AND s.coverage_passed IS NOT NULL
     GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    [studyId],
  );
  const problemId = p!.problem_id;
  const expected = await expectedShares(problemId);
  await page.goto(`/studies/${studyId}/problems/${problemId}`);
  const bars = page.getByTestId('fail-tier-hist');
  await expect(bars.first()).toBeVisible();
  // Each bar's split adds up to the bar.
  for (const bar of await bars.all()) {
    const [all, c, o] = await Promise.all(
      ['data-value', 'data-correctness', 'data-optimization'].map(async (a) =>
        ((await bar.getAttribute(a)) ?? '').split(',').map(Number),
      ),
    );
    all!.forEach((v, i) => expect(v).toBe((c![i] ?? 0) + (o![i] ?? 0)));
  }
  const traces = await tierTraces(page, 'problem-fail-tier-plot');
  // The problem's own tiers may be fewer than the benchmark's: compare the tiers it has.
  expect(traces.length).toBeGreaterThan(0);
  for (const t of traces) {
    const tier = Number(/^tier (\d+)/.exec(t.name)![1]) - 1;
    t.x.forEach((alpha, i) => {
      const want = expected.shares.get(alpha)![t.legendgroup as 'correctness' | 'optimization'][tier] ?? 0;
      expect(Math.abs(t.y[i]! - want)).toBeLessThan(1e-9);
    });
  }
});
