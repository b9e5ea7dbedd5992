import { expect, test, type Page } from '@playwright/test';
import { programText } from '@frontier/db';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase, query } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';

// The problem drill-down against the database: counts from run_problem_aggregate, samples and
// per-test arrays from the sample table, a line diff of two samples, and parameter validation.

test.afterAll(closeDatabase);

const VERDICTS = ['AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE'];

interface Target {
  studyId: number;
  problemId: number;
}

let fixture: Target;
/** A problem with per-test judge records (the demo lab's), when the database has one. */
let judged: (Target & { runId: number; idx: number; checkpointId: number }) | undefined;

test.beforeAll(async () => {
  const studyId = await studyIdByName(FIXTURE_STUDY);
  const [p] = await query<{ problem_id: number }>(
    `SELECT a.problem_id FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
     WHERE c.study_id = $1 GROUP BY a.problem_id HAVING count(DISTINCT c.id) > 2 AND sum(a.solved) > 0 AND sum(a.n - a.solved) > 0
     ORDER BY a.problem_id LIMIT 1`,
    [studyId],
  );
  fixture = { studyId, problemId: p!.problem_id };
  const [s] = await query<{ study_id: number; problem_id: number; run_id: number; idx: number; checkpoint_id: number }>(
    `SELECT c.study_id, s.problem_id, s.run_id, s.idx, c.id AS checkpoint_id FROM sample s
     JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
     JOIN run_problem_aggregate a ON a.run_id = s.run_id AND a.problem_id = s.problem_id
     WHERE cardinality(s.test_verdicts) > 2 AND s.verdict <> 'AC'
     ORDER BY c.study_id, s.problem_id, s.run_id, s.idx LIMIT 1`,
  );
  if (s)
    judged = {
      studyId: s.study_id,
      problemId: s.problem_id,
      runId: s.run_id,
      idx: s.idx,
      checkpointId: s.checkpoint_id,
    };
});

async function expectCountsMatchDatabase(page: Page, t: Target) {
  const rows = await query<{ checkpoint_id: number } & Record<string, number | number[] | null>>(
    `SELECT c.id AS checkpoint_id, sum(a.n)::int AS n, sum(a.solved)::int AS solved, sum(a.wa)::int AS wa, sum(a.tle)::int AS tle,
            sum(a.mle)::int AS mle, sum(a.re)::int AS re, sum(a.ce)::int AS ce, sum(a.ole)::int AS ole, sum(a.ie)::int AS ie,
            sum(a.pending)::int AS pending,
            (SELECT array_agg(t.s ORDER BY t.i) FROM (
               SELECT h.i, sum(h.v)::int AS s FROM run_problem_aggregate a2 JOIN eval_run r2 ON r2.id = a2.run_id,
                 unnest(a2.fail_tier_hist) WITH ORDINALITY AS h(v, i)
               WHERE r2.checkpoint_id = c.id AND a2.problem_id = $2 GROUP BY h.i) t) AS hist
     FROM checkpoint c LEFT JOIN eval_run r ON r.checkpoint_id = c.id
     LEFT JOIN run_problem_aggregate a ON a.run_id = r.id AND a.problem_id = $2
     WHERE c.study_id = $1 GROUP BY c.id ORDER BY c.id`,
    [t.studyId, t.problemId],
  );
  await expect(page.getByTestId('problem-count-row')).toHaveCount(rows.length);
  const shown = await page.getByTestId('problem-count-row').evaluateAll((els) =>
    els.map((el) => {
      const v = (id: string) => el.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-value') ?? '';
      return {
        checkpointId: Number(el.getAttribute('data-checkpoint-id')),
        counts: ['n', 'solved', 'wa', 'tle', 'mle', 're', 'ce', 'ole', 'ie', 'pending'].map((f) =>
          Number(v(`count-${f}`)),
        ),
        hist: v('fail-tier-hist'),
      };
    }),
  );
  for (const row of rows) {
    const s = shown.find((x) => x.checkpointId === row.checkpoint_id)!;
    const n = row.n as number | null;
    const want = ['n', 'solved', 'wa', 'tle', 'mle', 're', 'ce', 'ole', 'ie', 'pending'].map((f) =>
      n === null ? (f === 'n' ? -1 : 0) : (row[f] as number),
    );
    expect(s.counts, `checkpoint ${row.checkpoint_id}`).toEqual(want);
    expect(s.hist, `checkpoint ${row.checkpoint_id} first-failing-tier histogram`).toBe(
      ((row.hist as number[] | null) ?? []).join(','),
    );
  }
}

test('the drill-down shows the problem and its counts per checkpoint as in the aggregates', async ({ page }) => {
  const [meta] = await query<{ external_id: string; title: string; difficulty: string }>(
    'SELECT external_id, title, difficulty FROM problem WHERE id = $1',
    [fixture.problemId],
  );
  await page.goto(`/studies/${fixture.studyId}/problems/${fixture.problemId}`);
  await expect(page.getByTestId('problem-title')).toContainText(meta!.external_id);
  await expect(page.getByTestId('problem-title')).toContainText(meta!.title);
  await expect(page.getByTestId('meta-difficulty')).toHaveText(meta!.difficulty);
  await expectCountsMatchDatabase(page, fixture);
});

test('the sample list is the sample table for that problem and checkpoint, with verdict filter and pages', async ({
  page,
}) => {
  const [cp] = await query<{ id: number }>(
    `SELECT c.id FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id JOIN sample s ON s.run_id = r.id AND s.problem_id = $2
     WHERE c.study_id = $1 GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 1`,
    [fixture.studyId, fixture.problemId],
  );
  const samples = await query<{ key: string; verdict: string | null; sandbox: string | null }>(
    `SELECT s.run_id || '.' || s.idx AS key, s.verdict::text AS verdict, s.sandbox::text AS sandbox FROM sample s JOIN eval_run r ON r.id = s.run_id
     WHERE r.checkpoint_id = $1 AND s.problem_id = $2 ORDER BY r.setting, s.run_id, s.idx`,
    [cp!.id, fixture.problemId],
  );
  await page.goto(`/studies/${fixture.studyId}/problems/${fixture.problemId}?checkpoint=${cp!.id}`);
  const list = page.getByTestId('sample-list');
  await expect(list).toHaveAttribute('data-total', String(samples.length));
  const items = await page.getByTestId('sample-item').evaluateAll((els) =>
    els.map((el) => ({
      key: el.getAttribute('data-sample'),
      verdict: el.getAttribute('data-verdict'),
      sandbox: el.getAttribute('data-sandbox'),
    })),
  );
  expect(items).toEqual(
    samples.slice(0, 20).map((s) => ({ key: s.key, verdict: s.verdict ?? 'PENDING', sandbox: s.sandbox ?? '' })),
  );

  const verdict = samples.find((s) => s.verdict !== 'AC')?.verdict ?? 'AC';
  await page.getByTestId('samples-verdict').selectOption(verdict);
  await expect(page).toHaveURL(new RegExp(`verdict=${verdict}`));
  await expect(list).toHaveAttribute('data-total', String(samples.filter((s) => s.verdict === verdict).length));
  await expect(page.getByTestId('sample-item')).toHaveCount(
    Math.min(20, samples.filter((s) => s.verdict === verdict).length),
  );
  for (const v of await page
    .getByTestId('sample-item')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-verdict'))))
    expect(v).toBe(verdict);
});

test('the per-test strip shows the sample’s own arrays, with tiers from the test table', async ({ page }) => {
  expect(judged, 'the demo lab study (judged by the fixture setup) has samples with per-test records').toBeTruthy();
  const t = judged!;
  const [row] = await query<{
    test_verdicts: number[];
    test_cpu_ms: number[];
    test_peak_kib: number[];
    sandbox: string | null;
    judge_version: number | null;
    limit_cpu_ms: number | null;
    limit_memory_kib: number | null;
    machine: string | null;
  }>(
    `SELECT test_verdicts, test_cpu_ms, test_peak_kib, sandbox::text AS sandbox, judge_version, limit_cpu_ms, limit_memory_kib, machine
     FROM sample WHERE run_id = $1 AND problem_id = $2 AND idx = $3`,
    [t.runId, t.problemId, t.idx],
  );
  const tiers = await query<{ ordinal: number; tier: number }>(
    'SELECT ordinal, tier FROM test WHERE problem_id = $1 ORDER BY ordinal',
    [t.problemId],
  );
  await page.goto(
    `/studies/${t.studyId}/problems/${t.problemId}?checkpoint=${t.checkpointId}&sample=${t.runId}.${t.idx}`,
  );
  await expect(page.getByTestId('sample-detail')).toHaveAttribute('data-sample', `${t.runId}.${t.idx}`);
  // The backend that ran the tests, as the sample records it (the judge's, for the demo lab's).
  await expect(page.getByTestId('sample-sandbox')).toHaveText(
    row!.sandbox ? `judged with ${row!.sandbox}` : 'sandbox not recorded',
  );
  // How the verdict was reached, as the judge recorded it: its version, the limits it applied, the CPU model.
  expect(row!.judge_version, 'the fixture judged the demo lab with a versioned judge').not.toBeNull();
  const judging = page.getByTestId('sample-judging');
  await expect(judging).toHaveAttribute('data-judge-version', String(row!.judge_version));
  await expect(judging).toHaveAttribute('data-limit-cpu-ms', String(row!.limit_cpu_ms));
  await expect(judging).toHaveAttribute('data-limit-memory-kib', String(row!.limit_memory_kib));
  await expect(judging).toHaveAttribute('data-machine', row!.machine!);
  await expect(judging).toContainText(`Judge version ${row!.judge_version}`);
  await expect(judging).toContainText(
    `limits ${row!.limit_cpu_ms! / 1000} s CPU, ${Number((row!.limit_memory_kib! / 1024).toFixed(1))} MiB per test`,
  );
  await expect(judging).toContainText(`on ${row!.machine}`);
  const boxes = page.getByTestId('test-box');
  await expect(boxes).toHaveCount(row!.test_verdicts.length);
  const shown = await boxes.evaluateAll((els) =>
    els.map((el) => ({
      ordinal: Number(el.getAttribute('data-ordinal')),
      tier: Number(el.getAttribute('data-tier')),
      verdict: el.getAttribute('data-verdict'),
      cpu: Number(el.getAttribute('data-cpu-ms')),
      peak: Number(el.getAttribute('data-peak-kib')),
    })),
  );
  expect(shown).toEqual(
    row!.test_verdicts.map((code, i) => ({
      ordinal: i,
      tier: tiers.find((x) => x.ordinal === i)!.tier,
      verdict: VERDICTS[code],
      cpu: row!.test_cpu_ms[i],
      peak: row!.test_peak_kib[i],
    })),
  );
  if (tiers.length > row!.test_verdicts.length)
    await expect(page.getByTestId('tests-not-run')).toContainText(`+${tiers.length - row!.test_verdicts.length}`);
  await expect(page.getByTestId('code-view')).toBeVisible();
  await expect(page.locator('[data-testid="code-view"] .tok-keyword').first()).toBeVisible();
  await expectCountsMatchDatabase(page, t);
  await saveScreenshot(page, 'problem-drill-down');
});

/** Length of a longest common subsequence of two line lists (the test's own reference). */
function lcs(a: string[], b: string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++)
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    prev = cur;
  }
  return prev[b.length]!;
}

const lines = (code: string) => {
  const l = code.split(/\r?\n/);
  if (l.at(-1) === '') l.pop();
  return l;
};

test('the diff of two samples from two alphas shows the added and removed lines', async ({ page }) => {
  const t = judged ?? fixture;
  // Two checkpoints of the study with samples of this problem whose first samples differ.
  const rows = await query<{ checkpoint_id: number; key: string; code: string | null; codeZ: Buffer | null }>(
    `SELECT DISTINCT ON (c.id) c.id AS checkpoint_id, s.run_id || '.' || s.idx AS key, s.code, s.code_z AS "codeZ"
     FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
     WHERE c.study_id = $1 AND s.problem_id = $2 ORDER BY c.id, c.model_scale, r.setting, s.run_id, s.idx`,
    [t.studyId, t.problemId],
  );
  // Programs are stored compressed (sample.code_z): read them back as the app does.
  const firsts = rows.map((r) => ({ checkpoint_id: r.checkpoint_id, key: r.key, code: programText(r) }));
  const left = firsts[0]!;
  const right = firsts.find((f) => f.code !== left.code)!;
  expect(right, 'two different programs to compare').toBeTruthy();
  await page.goto(`/studies/${t.studyId}/problems/${t.problemId}`);
  await page.getByTestId('diff-left-checkpoint').selectOption(String(left.checkpoint_id));
  await page.getByTestId('diff-right-checkpoint').selectOption(String(right.checkpoint_id));
  await expect(page.getByTestId('diff-left-sample')).toHaveValue(left.key);
  await expect(page.getByTestId('diff-right-sample')).toHaveValue(right.key);
  const a = lines(left.code);
  const b = lines(right.code);
  const common = lcs(a, b);
  const stats = page.getByTestId('diff-stats');
  await expect(stats).toHaveAttribute('data-added', String(b.length - common));
  await expect(stats).toHaveAttribute('data-removed', String(a.length - common));
  expect(b.length - common + (a.length - common)).toBeGreaterThan(0);
  await expect(page.getByTestId('diff-added')).toHaveCount(b.length - common);
  await expect(page.getByTestId('diff-removed')).toHaveCount(a.length - common);
  // The removed lines are lines of the left program, the added ones lines of the right.
  for (const text of await page.getByTestId('diff-removed').allTextContents()) expect(a).toContain(text);
  for (const text of await page.getByTestId('diff-added').allTextContents()) expect(b).toContain(text);
  await page.getByTestId('diff-panel').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'problem-diff');
});

test('bad parameters are 400s naming the parameter; unknown or foreign problems are 404s', async ({ request }) => {
  const { studyId, problemId } = fixture;
  const base = `/api/studies/${studyId}/problems/${problemId}`;
  const bad: [string, string][] = [
    [`/api/studies/${studyId}/problems/abc`, 'params.problemId'],
    [`/api/studies/${studyId}/problems/0/samples`, 'params.problemId'],
    [`/api/studies/x/problems/${problemId}`, 'params.id'],
    [`${base}/samples?page=0`, 'query.page'],
    [`${base}/samples?page=abc`, 'query.page'],
    [`${base}/samples?verdict=NOPE`, 'query.verdict'],
    [`${base}/samples?checkpoint=-1`, 'query.checkpoint'],
    [`${base}/samples?color=red`, 'query.color'],
    [`${base}/samples/1/x`, 'params.idx'],
    [`${base}/samples/1/1000000000`, 'params.idx'],
    // Control characters are refused as in the study's other routes (a NUL would reach Postgres).
    [`${base}?setting=%00`, 'query.setting'],
    [`${base}?scale=%00`, 'query.scale'],
    [`${base}?setting=a%0Ab`, 'query.setting'],
    // Ids are 32-bit columns: one past the largest is refused before it reaches a query.
    [`/api/studies/${studyId}/problems/2147483648`, 'params.problemId'],
    [`${base}/samples/2147483648/0`, 'params.runId'],
    [`${base}/samples?checkpoint=2147483648`, 'query.checkpoint'],
  ];
  for (const [url, path] of bad) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(400);
    const body = (await res.json()) as { error: { message: string; issues: { path: string }[] } };
    expect(body.error.message, url).toContain(`'${path.split('.')[1]}'`);
    expect(
      body.error.issues.map((i) => i.path),
      url,
    ).toContain(path);
  }
  // A problem of another benchmark than the study's runs use, and one that does not exist.
  const [foreign] = await query<{ id: number }>(
    `SELECT p.id FROM problem p WHERE NOT EXISTS (SELECT 1 FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id
       WHERE c.study_id = $1 AND r.benchmark_id = p.benchmark_id) LIMIT 1`,
    [studyId],
  );
  for (const id of [...(foreign ? [foreign.id] : []), 2_000_000_000]) {
    for (const url of [`/api/studies/${studyId}/problems/${id}`, `/api/studies/${studyId}/problems/${id}/samples`]) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
        `no problem with id ${id}`,
      );
    }
  }
  expect((await request.get(`${base}/samples?checkpoint=2000000000`)).status()).toBe(404);
  const ok = await request.get(`${base}/samples?page=1`);
  expect(ok.status()).toBe(200);
});

test('the page of a problem outside the study is a 404 that says so, at once, with a way back', async ({ page }) => {
  const { studyId } = fixture;
  for (const problem of ['2000000000', 'abc', '2147483648']) {
    const url = `/studies/${studyId}/problems/${problem}`;
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByTestId('problem-not-found')).toContainText('No such problem in this study');
    await expect(page.getByRole('link', { name: 'Back to the study' })).toBeVisible();
  }
  // The lookup is not retried: a retry after the 404 waited a second (React Query's retry delay).
  const started = Date.now();
  expect((await page.request.get(`/studies/${studyId}/problems/2000000000`)).status()).toBe(404);
  expect(Date.now() - started, 'a missing problem answers without retrying the lookup').toBeLessThan(1000);
  await page.getByRole('link', { name: 'Back to the study' }).click();
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}/?$`));
  // Under a study that does not exist, any page is that study's 404.
  for (const url of ['/studies/987654321/problems/1', '/studies/987654321/matrix', '/studies/abc/problems/1']) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText('No such study');
  }
});

test('a bad setting or a missing sample in a problem page is reported without asking again', async ({ page }) => {
  const { studyId, problemId } = fixture;
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) requests.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  const bad = await page.goto(`/studies/${studyId}/problems/${problemId}?setting=%00`);
  expect(bad?.status()).toBe(200);
  await expect(page.getByTestId('error')).toContainText(
    "invalid query parameter 'setting': must not contain control characters",
  );
  expect(requests.filter((r) => r === `/api/studies/${studyId}/problems/${problemId}?setting=%00`)).toHaveLength(1);

  requests.length = 0;
  await page.goto(`/studies/${studyId}/problems/${problemId}?sample=1.999999999`);
  await expect(page.getByTestId('error')).toContainText('Could not load this sample.');
  expect(
    requests.filter((r) => r === `/api/studies/${studyId}/problems/${problemId}/samples/1/999999999`),
  ).toHaveLength(1);
});
