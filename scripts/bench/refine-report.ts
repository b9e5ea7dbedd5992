import { intervalReach } from '@frontier/core';
import type { SweepShape } from '@frontier/formats';
import { median } from './refine-grid';
import { COUNTS, TOLERANCE, type Outcome, type SeedResult } from './refine-synthetic';

// How bench:refine prints one synthetic shape: per strategy, the evaluations needed (median and
// each seed), the final best alpha's interval width, and refinement against the grid.

const DESCRIPTION: Record<SweepShape, string> = {
  inside: 'peak inside [0, 1]',
  beyond: 'peak beyond alpha = 1',
  flat: 'flat: every alpha is best',
  cliff: 'rises, collapses past alpha = 1.6',
};

/** A count, or "-" for never (a missed target sorts last in the median). */
const count = (n: number | null) => (n === null ? '-' : String(n));
const medianOf = (outcomes: Outcome[]) => median(outcomes.map((o) => o.evaluations ?? Infinity));
const cell = (text: string, width: number) => text.padEnd(width);

function row(label: string, outcomes: Outcome[]): string {
  const m = medianOf(outcomes);
  const widths = outcomes.filter((o) => o.best).map((o) => intervalReach(o.best!)[1] - intervalReach(o.best!)[0]);
  const perSeed = outcomes.map((o) => (o.evaluations === null ? `-(${o.spent})` : String(o.evaluations))).join(' ');
  return `  ${cell(label, 34)}${cell(Number.isFinite(m) ? String(m) : '-', 8)}${cell(perSeed, 34)}${widths.length ? median(widths).toFixed(2) : '-'}`;
}

export function printShape(shape: SweepShape, results: SeedResult[]): void {
  const truth = results.map((r) =>
    shape === 'flat' ? `any (${r.truth.best.length} alphas)` : r.truth.alpha.toFixed(2),
  );
  console.log(
    `\n${shape} (${DESCRIPTION[shape]}); true best alpha per seed: ${shape === 'flat' ? truth[0] : truth.join(' ')}`,
  );
  console.log(
    `  ${cell('strategy', 34)}${cell('median', 8)}${cell('per seed (-(n): missed after n)', 34)}95% width of the best alpha (median)`,
  );
  const grid = results.map((r) => r.grid);
  const gridSize = grid[0]!.spent;
  console.log(row(`grid 0.25, all ${gridSize}`, grid));
  const c2f = results.map((r) => r.coarseToFine);
  console.log(row('grid 0.25, coarse-to-fine, oracle', c2f));
  const ratios = COUNTS.map((c, i) => {
    const outcomes = results.map((r) => r.refine[i]!);
    console.log(row(`refine, ${c} per round`, outcomes));
    const m = medianOf(outcomes);
    const seeds = outcomes.filter((o) => o.evaluations !== null && o.evaluations <= gridSize / 2).length;
    const verdict = m <= gridSize / 2 ? 'met' : 'NOT met';
    const oracle = medianOf(c2f);
    return `${c} per round ${Number.isFinite(m) ? (m / gridSize).toFixed(2) : 'never'} (${verdict}; ${seeds}/${outcomes.length} seeds), vs oracle ${Number.isFinite(m) && Number.isFinite(oracle) ? (m / oracle).toFixed(2) : '-'}`;
  });
  console.log(`  refine/grid (target <= 0.5 of ${gridSize}): ${ratios.join('; ')}`);
  console.log(
    `  (the grid hit within ${TOLERANCE} on ${grid.filter((o) => o.evaluations !== null).length}/${grid.length} seeds; ${count(null)} = never within ${TOLERANCE})`,
  );
}
