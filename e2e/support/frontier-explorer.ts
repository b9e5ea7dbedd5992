import { expect, type Page } from '@playwright/test';
import { query } from './database';

// Independent expectations for the Frontier tab's headline numbers, from run_problem_aggregate.

/** Per-problem judged samples and solved counts of one checkpoint (runs pooled, n > 0 only). */
export async function problemCounts(checkpointId: number): Promise<{ n: number; c: number }[]> {
  return query<{ n: number; c: number }>(
    `SELECT sum(a.n)::int AS n, sum(a.solved)::int AS c FROM eval_run r JOIN run_problem_aggregate a ON a.run_id = r.id
     WHERE r.checkpoint_id = $1 GROUP BY a.problem_id HAVING sum(a.n) > 0`,
    [checkpointId],
  );
}

/** Mean over problems of 1 - C(n-c, k) / C(n, k), as a running product (no factorials). */
export function meanPassAtK(problems: { n: number; c: number }[], k: number): number {
  let sum = 0;
  for (const { n, c } of problems) {
    let fail = 1;
    for (let i = 0; i < k; i++) fail *= (n - c - i) / (n - i);
    sum += 1 - Math.max(0, fail);
  }
  return sum / problems.length;
}

/** The test's own pass^k: the mean over problems of C(c,k)/C(n,k), all k draws correct. */
export function meanPassHatK(problems: { n: number; c: number }[], k: number): number {
  let sum = 0;
  for (const { n, c } of problems) {
    let all = 1;
    for (let i = 0; i < k; i++) all *= Math.max(0, c - i) / (n - i);
    sum += all;
  }
  return sum / problems.length;
}

/** Verdict shares per checkpoint: means over problems of per-problem fractions. */
export async function verdictShares(
  studyId: number,
): Promise<
  { alpha: number; solved: number; wa: number; re: number; ce: number; ole: number; tle: number; mle: number }[]
> {
  return query(
    `WITH pp AS (SELECT c.id, c.alpha, sum(a.n) n, sum(a.solved) s, sum(a.wa) wa, sum(a.re) re, sum(a.ce) ce, sum(a.ole) ole, sum(a.tle) tle, sum(a.mle) mle
       FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id JOIN run_problem_aggregate a ON a.run_id = r.id
       WHERE c.study_id = $1 AND c.alpha IS NOT NULL GROUP BY c.id, a.problem_id HAVING sum(a.n) > 0)
     SELECT alpha, avg(s::float8 / n) solved, avg(wa::float8 / n) wa, avg(re::float8 / n) re, avg(ce::float8 / n) ce,
            avg(ole::float8 / n) ole, avg(tle::float8 / n) tle, avg(mle::float8 / n) mle
     FROM pp GROUP BY id, alpha ORDER BY alpha`,
    [studyId],
  );
}

export interface Headline {
  alpha: number;
  checkpointId: number;
  solve: { value: number; lo: number; hi: number };
  correctness: { value: number; lo: number; hi: number };
  optimization: { value: number; lo: number; hi: number };
  passAtK: number | null;
  passAtKText: string;
  passHatK: number | null;
  problems: number;
}

/** The headline row of the (single) series, with exact values from data-* attributes. */
export async function readHeadline(page: Page): Promise<Headline> {
  const row = page.getByTestId('headline-row').first();
  await expect(row).toHaveAttribute('data-checkpoint-id', /\d+/);
  return row.evaluate((tr) => {
    const cell = (id: string) => tr.querySelector(`[data-testid="${id}"]`) as HTMLElement;
    const iv = (id: string) => ({
      value: Number(cell(id).dataset.value),
      lo: Number(cell(id).dataset.lo),
      hi: Number(cell(id).dataset.hi),
    });
    const pk = cell('headline-pass-at-k');
    const ph = cell('headline-pass-hat-k');
    return {
      alpha: Number(document.querySelector('[data-testid="selected-alpha"]')!.getAttribute('data-value')),
      checkpointId: Number(tr.getAttribute('data-checkpoint-id')),
      solve: iv('headline-solve'),
      correctness: iv('headline-correctness'),
      optimization: iv('headline-optimization'),
      passAtK: pk.dataset.value === '' ? null : Number(pk.dataset.value),
      passAtKText: pk.textContent ?? '',
      passHatK: ph.dataset.value === '' ? null : Number(ph.dataset.value),
      problems: Number(cell('headline-problems').dataset.value),
    };
  });
}

/** Where the frontier's selected-alpha ring is drawn (its CSS transform). */
export async function ringTransform(page: Page): Promise<string> {
  return page
    .locator('[data-testid="frontier-plot"] .overlay-ring')
    .first()
    .evaluate((el) => (el as HTMLElement).style.transform);
}
