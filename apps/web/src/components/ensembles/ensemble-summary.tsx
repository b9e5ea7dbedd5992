import { plural } from '@frontier/core';
import { checkpointLabel } from '@/components/triage/checkpoint-select';
import { ENSEMBLE_BOOTSTRAP, type EnsembleView } from '@/lib/ensemble-view';
import { formatRate } from '@/lib/format';

export function points(x: number): string {
  const text = (Math.abs(x) * 100).toFixed(2);
  return `${Number(text) === 0 ? '±' : x > 0 ? '+' : '−'}${text} pts`;
}

/** Why the budget is what it is, in one sentence. */
export function budgetNote(view: EnsembleView): string {
  const why = `the largest budget every selected checkpoint could also spend alone is ${view.maxBudget} (the smallest n over the ${plural(view.problems, 'problem')}, so pass@B is defined for each)`;
  switch (view.budgetSource) {
    case 'default':
      return `B = ${view.budget}: the default budget of 250; ${why}.`;
    case 'capped-default':
      return `B = ${view.budget}, not the default 250: ${why}.`;
    case 'url':
      return `B = ${view.budget}, as chosen; ${why}.`;
    case 'capped-url':
      return `B = ${view.budget}, lowered from the budget in the link: ${why}.`;
  }
}

/** The ensemble at the budget against the best single checkpoint at the same budget. */
export function EnsembleSummary({ view }: { view: EnsembleView }) {
  const { gain, bestSingle } = view;
  return (
    <>
      <div className="triage-stats">
        <div className="stat" data-testid="ensemble-pass" data-value={view.ensemble} data-budget={view.budget}>
          <b>{formatRate(view.ensemble)}</b>
          <span>ensemble pass at B = {view.budget}</span>
        </div>
        <div className="stat" data-testid="best-single" data-value={bestSingle?.pass ?? ''} data-checkpoint-id={bestSingle?.checkpoint.id ?? ''}>
          <b>{bestSingle ? formatRate(bestSingle.pass) : '—'}</b>
          <span>best single: {bestSingle ? `${checkpointLabel(bestSingle.checkpoint)} pass@${view.budget}` : 'none can take this budget'}</span>
        </div>
        <div className="stat" data-testid="ensemble-gain" data-value={gain?.estimate ?? ''} data-lo={gain?.lo ?? ''} data-hi={gain?.hi ?? ''}>
          <b>{gain ? points(gain.estimate) : '—'}</b>
          <span>{gain ? `gain, 95% CI [${points(gain.lo)}, ${points(gain.hi)}]` : 'gain over the best single'}</span>
        </div>
      </div>
      <table className="numbers" data-testid="ensemble-allocation">
        <thead>
          <tr>
            <th>Member</th>
            <th>Samples k<sub>i</sub></th>
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
      <p className="muted definition" data-testid="ensemble-definition">
        <strong>Definitions.</strong> Member i gets k<sub>i</sub> samples, Σ k<sub>i</sub> = B. Per problem the ensemble passes
        with probability 1 − Π<sub>i</sub> C(n<sub>i</sub> − c<sub>i</sub>, k<sub>i</sub>) / C(n<sub>i</sub>, k<sub>i</sub>), averaged
        over the {plural(view.problems, 'problem')} every member has samples for{view.excludedProblems > 0 && ` (${view.excludedProblems} left out)`}.
        {' '}
        <em>Uniform</em> splits B evenly (the remainder one each, lowest α first); <em>optimised</em> hands out samples one at a time
        to the member with the largest marginal gain (greedy, not guaranteed optimal). The curve allocates each k on the x-axis
        with the same rule, evaluated at k = 1…10, then every 5 to 50, 10 to 100, 25 to 500 (and B). The best single is the
        checkpoint of the study (under the filters) with the highest pass@B among those with ≥ B samples on every problem. The
        gain&apos;s interval is a paired bootstrap over problems of the per-problem difference (ensemble pass − best single
        pass@B; {ENSEMBLE_BOOTSTRAP.replicates} resamples, seed {ENSEMBLE_BOOTSTRAP.seed}).
      </p>
    </>
  );
}
