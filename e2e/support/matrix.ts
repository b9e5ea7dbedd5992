import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { rateDifferences } from '@frontier/core';
import { databaseUrl, dataDir, query, waitForAggregates } from './database';

// The solve matrix as the tests expect it, computed from run_problem_aggregate with the
// definitions of the README, independently of the app's code, except "differs": its test (a
// chi-square with a seeded Monte Carlo fallback for small counts, BH over the problems) is
// @frontier/core's, unit-tested there against closed forms; here it checks what the page shows.

/** Wilson's 95% score interval, from its formula. */
function wilson(c: number, n: number): [number, number] {
  const z = 1.959963984540054;
  const p = c / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [c === 0 ? 0 : centre - half, c === n ? 1 : centre + half];
}

/** A dip or peak beyond the intervals: some checkpoint's interval wholly below (above) an earlier and a later one's. */
function dipsOrPeaks(line: { c: number; n: number }[]): boolean {
  const iv = line.map((x) => wilson(x.c, x.n));
  return iv.some(([lo, hi], j) => {
    const before = iv.slice(0, j);
    const after = iv.slice(j + 1);
    const below = (x: [number, number]) => hi < x[0];
    const above = (x: [number, number]) => lo > x[1];
    return (before.some(below) && after.some(below)) || (before.some(above) && after.some(above));
  });
}

export interface Cell {
  checkpointId: number;
  scale: string;
  alpha: number | null;
  n: number;
  c: number;
}

export interface ExpectedRow {
  problemId: number;
  externalId: string;
  difficulty: string;
  /** In the study's checkpoint order (scale, alpha). n = -1 where no run has data. */
  cells: Cell[];
  spread: number;
  /** BH q of the test that the rate is the same at every checkpoint with judged samples. */
  differsQ: number;
  unstable: boolean;
}

/** Per (checkpoint, problem) pooled counts, every checkpoint of the study for every problem with data. */
export async function expectedMatrix(studyId: number): Promise<ExpectedRow[]> {
  const checkpoints = await query<{ id: number; scale: string; alpha: number | null; role: string }>(
    `SELECT id, model_scale AS scale, alpha, role::text AS role FROM checkpoint WHERE study_id = $1
     ORDER BY model_scale, COALESCE(alpha, CASE role WHEN 'LOW' THEN 0 WHEN 'HIGH' THEN 1 END) NULLS LAST, id`,
    [studyId],
  );
  const cells = await query<{
    checkpoint_id: number;
    problem_id: number;
    external_id: string;
    difficulty: string;
    n: number;
    c: number;
  }>(
    `SELECT r.checkpoint_id, a.problem_id, p.external_id, p.difficulty, sum(a.n)::int AS n, sum(a.solved)::int AS c
     FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
     JOIN problem p ON p.id = a.problem_id
     WHERE c.study_id = $1 GROUP BY r.checkpoint_id, a.problem_id, p.external_id, p.difficulty
     ORDER BY p.external_id`,
    [studyId],
  );
  const rows = new Map<number, ExpectedRow>();
  for (const cell of cells) {
    let row = rows.get(cell.problem_id);
    if (!row) {
      row = {
        problemId: cell.problem_id,
        externalId: cell.external_id,
        difficulty: cell.difficulty,
        cells: checkpoints.map((k) => ({
          checkpointId: k.id,
          scale: k.scale,
          alpha: k.alpha ?? (k.role === 'LOW' ? 0 : k.role === 'HIGH' ? 1 : null),
          n: -1,
          c: 0,
        })),
        spread: 0,
        differsQ: Number.NaN,
        unstable: false,
      };
      rows.set(cell.problem_id, row);
    }
    const target = row.cells.find((x) => x.checkpointId === cell.checkpoint_id)!;
    target.n = cell.n;
    target.c = cell.c;
  }
  for (const row of rows.values()) {
    // Per scale, along alpha, over checkpoints with judged samples.
    for (const scale of new Set(row.cells.map((x) => x.scale))) {
      const line = row.cells
        .filter((x) => x.scale === scale && x.alpha !== null && x.n > 0)
        .sort((a, b) => a.alpha! - b.alpha!);
      const rates = line.map((x) => x.c / x.n);
      if (rates.length > 1) row.spread = Math.max(row.spread, Math.max(...rates) - Math.min(...rates));
      if (dipsOrPeaks(line)) row.unstable = true;
    }
  }
  const list = [...rows.values()];
  rateDifferences(list.map((r) => ({ solved: r.cells.map((x) => x.c), n: r.cells.map((x) => x.n) }))).forEach(
    (d, i) => (list[i]!.differsQ = d.q),
  );
  return list;
}

export interface ShownRow {
  index: number;
  problemId: number;
  externalId: string;
  unstable: boolean;
  marked: boolean;
  cells: { checkpointId: number; c: number; n: number; text: string }[];
}

async function renderedRows(page: Page): Promise<ShownRow[]> {
  return page.getByTestId('matrix-row').evaluateAll((els) =>
    els.map((el) => ({
      index: Number(el.getAttribute('data-row-index')),
      problemId: Number(el.getAttribute('data-problem-id')),
      externalId: el.getAttribute('data-external-id') ?? '',
      unstable: el.getAttribute('data-unstable') === 'true',
      marked: el.querySelector('[data-testid="unstable-mark"]') !== null,
      cells: [...el.querySelectorAll('[data-testid="matrix-cell"]')].map((c) => ({
        checkpointId: Number(c.getAttribute('data-checkpoint-id')),
        c: Number(c.getAttribute('data-c')),
        n: Number(c.getAttribute('data-n')),
        text: c.textContent ?? '',
      })),
    })),
  );
}

/** Every row of the virtualised grid, in display order, read by scrolling through it. */
export async function readAllRows(page: Page): Promise<ShownRow[]> {
  const grid = page.getByTestId('matrix-grid');
  const total = Number(await grid.getAttribute('data-total-rows'));
  const seen = new Map<number, ShownRow>();
  await grid.evaluate((el) => el.scrollTo({ top: 0 }));
  for (let step = 0; step < 1000 && seen.size < total; step++) {
    // A new window's rows get their cells a few per frame: read them once all have.
    await expect(grid).toHaveAttribute('data-pending-rows', '0');
    for (const row of await renderedRows(page)) seen.set(row.index, row);
    if (seen.size >= total) break;
    const next = await grid.evaluate((el) => {
      el.scrollTop += Math.floor(el.clientHeight * 0.8);
      return el.scrollTop;
    });
    await expect(grid).toHaveAttribute('data-first-row', String(Math.max(0, Math.floor(next / 24) - 8)));
  }
  expect(seen.size).toBe(total);
  return [...seen.values()].sort((a, b) => a.index - b.index);
}

/** Waits until the matrix shows data for this URL and has settled. */
export async function waitForMatrix(page: Page): Promise<void> {
  const view = page.getByTestId('matrix-view');
  await expect(view).toBeVisible();
  await expect(view).not.toHaveClass(/fetching/);
  await expect(page.getByTestId('matrix-grid')).toBeVisible();
  await expect(page.getByTestId('matrix-grid')).toHaveAttribute('data-pending-rows', '0');
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A 1,200-problem study in the database under test, imported with the real CLI when missing. */
export async function ensureLargeStudy(name: string): Promise<number> {
  const existing = await query<{ id: number }>('SELECT id FROM study WHERE name = $1', [name]);
  if (!existing[0]) {
    const dir = mkdtempSync(join(tmpdir(), 'frontier-e2e-large-'));
    try {
      const manifest = execFileSync(
        join(repoRoot, 'node_modules/.bin/tsx'),
        [join(repoRoot, 'e2e/support/write-large-sweep.ts'), dir],
        { encoding: 'utf8' },
      ).trim();
      execFileSync('node', [join(repoRoot, 'apps/cli/bin/frontier.js'), 'import', manifest, '--study', name], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl(), FRONTIER_DATA_DIR: dataDir },
        stdio: 'inherit',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const id = (await query<{ id: number }>('SELECT id FROM study WHERE name = $1', [name]))[0]!.id;
  await waitForAggregates(id, 'the large study');
  return id;
}
