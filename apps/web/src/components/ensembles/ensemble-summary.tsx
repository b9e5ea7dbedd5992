import { describeSolvedRule, OPENING_SATURATION, plural, type SolvedRule } from '@frontier/core';
import { checkpointLabel } from '@/components/triage/checkpoint-select';
import { ENSEMBLE_BOOTSTRAP, type EnsembleView } from '@/lib/ensembles/ensemble-view';
import { formatCount, formatPoints, formatRate } from '@/lib/format';

const points = (x: number) => formatPoints(x, 2);

/** Why the budget is what it is, in one sentence. */
export function budgetNote(view: EnsembleView): string {
  const why = `at most ${view.maxBudget}, the smallest n of the selected checkpoints over the ${plural(view.problems, 'problem')}, so pass@B is defined for each`;
  switch (view.budgetSource) {
    case 'default':
      return `B = ${view.budget}: the largest of 1, 2, 5, 10, 20, 50, … at which the best single checkpoint's pass@B is still under ${OPENING_SATURATION * 100}%, where an ensemble has room to gain (${why}). Type another budget to compare there.`;
    case 'url':
      return `B = ${view.budget}, as chosen (${why}).`;
    case 'capped-url':
      return `B = ${view.budget}, lowered from the budget in the link (${why}).`;
  }
}

/** How a problem counts as solved at the budget, in words. */
function solvedAtBudgetRule(rule: SolvedRule, threshold: number): string {
  return rule.kind === 'any'
    ? 'some chance that one of the B samples passes'
    : `a chance of at least ${threshold} that one of the B samples passes (τ of ${describeSolvedRule(rule)})`;
}

/** The ensemble at the budget against the best single checkpoint at the same budget. */
export function EnsembleSummary({ view, rule }: { view: EnsembleView; rule: SolvedRule }) {
  const { gain, bestSingle, solvedAtBudget } = view;
  return (
    <>
      <div className="triage-stats">
        <div className="stat" data-testid="ensemble-pass" data-value={view.ensemble} data-budget={view.budget}>
          <b>{formatRate(view.ensemble)}</b>
          <span>ensemble pass at B = {view.budget}</span>
        </div>
        <div
          className="stat"
          data-testid="best-single"
          data-value={bestSingle?.pass ?? ''}
          data-checkpoint-id={bestSingle?.checkpoint.id ?? ''}
        >
          <b>{bestSingle ? formatRate(bestSingle.pass) : '—'}</b>
          <span>
            best single:{' '}
            {bestSingle ? `${checkpointLabel(bestSingle.checkpoint)} pass@${view.budget}` : 'none can take this budget'}
          </span>
        </div>
        <div
          className="stat"
          data-testid="ensemble-gain"
          data-value={gain?.estimate ?? ''}
          data-lo={gain?.lo ?? ''}
          data-hi={gain?.hi ?? ''}
        >
          <b>{gain ? points(gain.estimate) : '—'}</b>
          <span>{gain ? `gain, 95% CI [${points(gain.lo)}, ${points(gain.hi)}]` : 'gain over the best single'}</span>
        </div>
        <div
          className="stat"
          data-testid="ensemble-solved"
          data-ensemble={solvedAtBudget.ensemble}
          data-best={solvedAtBudget.bestSingle ?? ''}
          title={`A problem counts when it has ${solvedAtBudgetRule(rule, solvedAtBudget.threshold)}`}
        >
          <b>
            {formatCount(solvedAtBudget.ensemble)} vs{' '}
            {solvedAtBudget.bestSingle === null ? '—' : formatCount(solvedAtBudget.bestSingle)}
          </b>
          <span>
            problems solved at B, ensemble vs best single (
            {rule.kind === 'any' ? 'any chance' : `chance ≥ ${solvedAtBudget.threshold}`})
          </span>
        </div>
      </div>
      <table className="numbers" data-testid="ensemble-allocation">
        <thead>
          <tr>
            <th>Member</th>
            <th>
              Samples k<sub>i</sub>
            </th>
            <th>Smallest n</th>
            <th>pass@B alone</th>
          </tr>
        </thead>
        <tbody>
          {view.members.map((m, i) => {
            const alone = view.singles.find((s) => s.checkpoint.id === m.id)?.curve.at(-1);
            return (
              <tr key={m.id} data-testid="allocation-row" data-checkpoint-id={m.id} data-k={view.allocation[i]}>
                <td>{checkpointLabel(m)}</td>
                <td>{view.allocation[i]}</td>
                <td>{view.capacities[i]}</td>
                <td>{alone && alone.k === view.budget ? formatRate(alone.pass) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <details className="muted definition" data-testid="ensemble-definition">
        <summary>
          <strong>Definitions.</strong> Ensemble pass at B, allocation, problems solved at B, best single, the
          gain&apos;s interval.
        </summary>
        Member i gets k<sub>i</sub> samples, Σ k<sub>i</sub> = B. Per problem the ensemble passes with probability 1 − Π
        <sub>i</sub> C(n<sub>i</sub> − c<sub>i</sub>, k<sub>i</sub>) / C(n<sub>i</sub>, k<sub>i</sub>), averaged over
        the {plural(view.problems, 'problem')} every member has samples for
        {view.excludedProblems > 0 && ` (${view.excludedProblems} left out)`}. <em>Uniform</em> splits B evenly, the
        remainder one sample each to the members with the highest solve rate (so one sample goes to the best member);{' '}
        <em>optimised</em> hands out samples one at a time to the member with the largest marginal gain (greedy, not
        guaranteed optimal). The curve allocates each k on the x-axis with the same rule, evaluated at k = 1…10, then
        every 5 to 50, 10 to 100, 25 to 500 (and B). A problem counts as solved at B when it has{' '}
        {solvedAtBudgetRule(rule, solvedAtBudget.threshold)}. The best single is the checkpoint of the study (under the
        filters) with the highest pass@B among those with ≥ B samples on every problem. The gain&apos;s interval is a
        paired bootstrap over problems of the per-problem difference (ensemble pass − best single pass@B;{' '}
        {ENSEMBLE_BOOTSTRAP.replicates} resamples, seed {ENSEMBLE_BOOTSTRAP.seed}).
      </details>
    </>
  );
}
