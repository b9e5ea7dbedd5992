// Issue 42's four checks in words, with their numbers: what bench:start prints and what the
// demo-frontier test says when one of them is not what the README claims.
import {
  PHENOMENON_THRESHOLDS,
  type EnsembleAtBudget,
  type ExtrapolationStep,
  type PhenomenonReport,
} from './phenomenon';

const f3 = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${f3(x)}`;
const mark = (holds: boolean) => (holds ? 'holds' : 'does NOT hold');

/** How far past an endpoint every step still extends the trends. */
function reach(steps: readonly ExtrapolationStep[]): string {
  const n = steps.findIndex((s) => !s.extends);
  if (n === 0) return 'not even at the first alpha';
  return n < 0
    ? `at every alpha to ${steps.at(-1)?.alpha}`
    : `up to alpha ${steps[n - 1]!.alpha}, not at ${steps[n]!.alpha}`;
}

function describeEnsemble(b: EnsembleAtBudget): string {
  const single = `B=${b.budget}: best single alpha ${b.best.alpha} ${f3(b.best.pass)}`;
  if (!b.ensemble) return `${single}, no ensemble with an extrapolated member`;
  return `${single}, ensemble ${f3(b.ensemble.pass)} (${b.ensemble.members.map((m) => `${m.samples} at ${m.alpha}`).join(', ')})`;
}

/** One line per property, with its numbers: what the bench prints and what the tests say on failure. */
export function describePhenomenon(r: PhenomenonReport): string[] {
  const rates = (steps: readonly ExtrapolationStep[]) =>
    steps.map((x) => `${x.alpha}: ${f3(x.correctness)}/${f3(x.optimization)}`).join(', ');
  const { flatSolve, tradeOff, extrapolation, ensemble } = r;
  return [
    `1. solve rate within ${PHENOMENON_THRESHOLDS.solveGap} between the endpoints: ${mark(flatSolve.holds)}: ${f3(flatSolve.low)} at alpha 0, ${f3(flatSolve.high)} at 1 (${signed(flatSolve.high - flatSolve.low)})`,
    `2. failures trade places by at least ${PHENOMENON_THRESHOLDS.tradeOff} each: ${mark(tradeOff.holds)}: from alpha 0 to 1 correctness failures ${signed(tradeOff.correctnessRise)}, optimization failures ${signed(-tradeOff.optimizationDrop)}`,
    `3. extrapolation extends both trends: ${mark(extrapolation.holds)}: beyond 1 ${reach(extrapolation.beyond)}; below 0 ${reach(extrapolation.below)} (correctness/optimization failures beyond 1: ${rates(extrapolation.beyond)}; below 0: ${rates(extrapolation.below)})`,
    `4. an ensemble with extrapolated checkpoints beats the best single checkpoint's pass@B: ${mark(ensemble.holds)}: ${ensemble.budgets.map(describeEnsemble).join('; ')}`,
  ];
}
