import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { closeDatabase, dataDir, databaseUrl, query, waitForAggregates } from './support/database';

// Excluding a problem from its drill-down (local mode: the owner may write): the banner says why,
// the frontier's numbers and the solve matrix change to the hand count without it, and including
// it again restores them. A study of its own, so no other spec sees the exclusion.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const STUDY = 'E2E exclusions (SYNTHETIC DATA)';
const REASON = 'tests accept several outputs';

// Four samples per problem at alpha 0 and 1 (0 passes, -2 is WA, -3 is TLE).
const CODES: Record<string, [number[], number[]]> = {
  x1: [
    [0, 0, 0, 0],
    [0, 0, 0, -2],
  ],
  x2: [
    [-2, -2, 0, 0],
    [-3, -3, -3, 0],
  ],
  x3: [
    [-3, -3, -3, -3],
    [-2, -2, -2, -2],
  ],
  x4: [
    [0, -2, -3, -3],
    [0, 0, -2, -2],
  ],
  x5: [
    [-2, -2, -2, -2],
    [0, 0, 0, 0],
  ],
};
// By hand: means over problems of (solve, correctness, optimization) fractions per alpha.
const ALL = { 0: [1.75 / 5, 1.75 / 5, 1.5 / 5], 1: [2.5 / 5, 1.75 / 5, 0.75 / 5] };
// Without x3: alpha 0 keeps x1 (1, 0, 0), x2 (1/2, 1/2, 0), x4 (1/4, 1/4, 1/2), x5 (0, 1, 0).
const WITHOUT_X3 = { 0: [1.75 / 4, 1.75 / 4, 0.5 / 4], 1: [2.5 / 4, 0.75 / 4, 0.75 / 4] };

let studyId: number;
let x3: number;

test.afterAll(closeDatabase);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  if (!(await query('SELECT 1 FROM study WHERE name = $1', [STUDY])).length) {
    const dir = mkdtempSync(join(tmpdir(), 'frontier-e2e-exclude-'));
    try {
      const entries = [0, 1].map((alpha) => {
        const records = Object.entries(CODES).map(([id, runs], i) => ({
          question_id: id,
          question_title: `Exclusion ${id}`,
          difficulty: 'hard',
          platform: 'atcoder',
          contest_date: `2024-0${i + 1}-01T00:00:00`,
          code_list: runs[alpha]!.map((c, j) => `# ${j}\nprint(${c})\n`),
          graded_list: runs[alpha]!.map((c) => c === 0),
          metadata: runs[alpha]!.map((c) =>
            JSON.stringify(c === 0 ? { execution_time: 0.01 } : { error_code: c, error_message: 'x' }),
          ),
        }));
        const path = join(dir, `alpha-${alpha}.json`);
        writeFileSync(path, JSON.stringify(records));
        return { alpha, path, role: alpha === 0 ? 'low' : 'high' };
      });
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ study: STUDY, entries }));
      execFileSync('node', [join(repoRoot, 'apps/cli/bin/frontier.js'), 'import', join(dir, 'manifest.json')], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl(), FRONTIER_DATA_DIR: dataDir },
        stdio: 'inherit',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await query(`UPDATE study SET origin = 'synthetic' WHERE name = $1`, [STUDY]);
  }
  studyId = (await query<{ id: number }>('SELECT id FROM study WHERE name = $1', [STUDY]))[0]!.id;
  await waitForAggregates(studyId, 'the exclusions study');
  // A run before this one may have left its exclusion behind.
  await query('DELETE FROM problem_exclusion WHERE study_id = $1', [studyId]);
  await query('UPDATE study SET data_version = data_version + 1 WHERE id = $1', [studyId]);
  x3 = (
    await query<{ id: number }>(
      `SELECT p.id FROM problem p JOIN run_problem_aggregate a ON a.problem_id = p.id JOIN eval_run r ON r.id = a.run_id
       JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1 AND p.external_id = 'x3' LIMIT 1`,
      [studyId],
    )
  )[0]!.id;
});

/** The Frontier tab's plotted numbers, per alpha: solve, correctness and optimization rates and problems. */
async function frontierNumbers(page: Page): Promise<Record<string, number[]>> {
  await page.goto(`/studies/${studyId}`);
  await expect(page.getByTestId('checkpoint-row')).toHaveCount(2);
  return page.getByTestId('checkpoint-row').evaluateAll((rows) =>
    Object.fromEntries(
      rows.map((tr) => {
        const v = (id: string) => Number((tr.querySelector(`[data-testid="${id}"]`) as HTMLElement).dataset.value);
        return [String(v('alpha')), [v('solve-rate'), v('correctness-rate'), v('optimization-rate'), v('problems')]];
      }),
    ),
  );
}

function expectNumbers(got: Record<string, number[]>, want: Record<0 | 1, number[]>, problems: number) {
  for (const alpha of [0, 1] as const) {
    const [solve, correctness, optimization, n] = got[String(alpha)]!;
    expect(solve).toBeCloseTo(want[alpha][0]!, 10);
    expect(correctness).toBeCloseTo(want[alpha][1]!, 10);
    expect(optimization).toBeCloseTo(want[alpha][2]!, 10);
    expect(n).toBe(problems);
  }
}

test('an editor excludes a problem from its page: the frontier and the matrix leave it out, and it can be included again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  expectNumbers(await frontierNumbers(page), ALL, 5);

  await page.goto(`/studies/${studyId}/problems/${x3}`);
  await expect(page.getByTestId('excluded-banner')).toHaveCount(0);
  await page.getByTestId('exclude-open').click();
  // The reason is required, and said so before anything is sent.
  await page.getByTestId('exclude-submit').click();
  await expect(page.getByTestId('exclude-error')).toContainText('needs a reason');
  await page.getByTestId('exclude-reason').fill(REASON);
  await page.getByTestId('exclude-submit').click();
  await expect(page.getByTestId('excluded-reason')).toHaveText(REASON);
  await saveScreenshot(page, 'problem-excluded');
  expect(await query('SELECT reason FROM problem_exclusion WHERE study_id = $1', [studyId])).toEqual([
    { reason: REASON },
  ]);

  expectNumbers(await frontierNumbers(page), WITHOUT_X3, 4);
  // The Frontier tab says so on its first screen and beside its plot.
  await expect(page.getByTestId('headline-excluded')).toContainText('(1 excluded from the study)');
  await expect(page.getByTestId('excluded-summary')).toContainText(
    '1 problem excluded from this study is in no number',
  );

  await page.goto(`/studies/${studyId}/matrix`);
  await expect(page.getByTestId('matrix-summary')).toHaveAttribute('data-total', '4');
  const excluded = page.getByTestId('matrix-excluded-row');
  await expect(excluded).toHaveCount(1);
  await expect(excluded).toHaveAttribute('data-problem', 'x3');
  await expect(excluded.getByTestId('matrix-excluded-reason')).toHaveText(REASON);
  await saveScreenshot(page, 'matrix-excluded');

  // Back on its page through the matrix's link, counted again.
  await excluded.getByRole('link').click();
  await page.getByTestId('include-again').click();
  await expect(page.getByTestId('excluded-banner')).toHaveCount(0);
  await expect(page.getByTestId('exclude-open')).toBeVisible();
  expectNumbers(await frontierNumbers(page), ALL, 5);
  await expect(page.getByTestId('excluded-summary')).toHaveCount(0);
  await page.goto(`/studies/${studyId}/matrix`);
  await expect(page.getByTestId('matrix-summary')).toHaveAttribute('data-total', '5');
  await expect(page.getByTestId('matrix-excluded')).toHaveCount(0);
});
