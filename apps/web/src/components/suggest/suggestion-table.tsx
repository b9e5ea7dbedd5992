import { intervalText, plural, type Refinement, type SuggestionKind } from '@frontier/core';
import { formatAlpha } from '@/lib/format';

const KIND_WORDS: Record<SuggestionKind, string> = {
  start: 'first evaluations',
  best: 'best alpha',
  collapse: 'collapse edge',
  frontier: 'frontier gap',
};

const a2 = (x: number) => x.toFixed(2);
const p3 = (x: number) => x.toFixed(3);

/**
 * The current estimate of the best alpha, in one line, e.g. "α = 1.37 [1.20, 1.55], pass@1 0.431
 * [0.412, 0.449]"; an interval open on a side says "or above" / "or below", and why, beneath.
 */
export function BestAlpha({ refinement }: { refinement: Refinement }) {
  const { best, k, problems, live } = refinement;
  if (!best) {
    return (
      <p className="muted" data-testid="best-alpha" data-alpha="">
        No estimate of the best alpha yet{refinement.note ? `: ${refinement.note}` : ''}.
      </p>
    );
  }
  return (
    <>
      <p
        className="best-alpha"
        data-testid="best-alpha"
        data-alpha={best.alpha}
        data-lo={best.lo}
        data-hi={best.hi}
        data-pass={best.passAtK}
        data-pass-lo={best.passLo}
        data-pass-hi={best.passHi}
        data-open-below={best.below?.why}
        data-open-above={best.above?.why}
      >
        <span className="best-swatch" aria-hidden>
          ◆
        </span>{' '}
        Best alpha so far: <b>α = {a2(best.alpha)}</b> {intervalText(best, a2)}, pass@{k} <b>{p3(best.passAtK)}</b> [
        {p3(best.passLo)}, {p3(best.passHi)}]
        <span className="muted small">
          {' '}
          — 95% bootstrap intervals over {plural(problems, 'problem')}, on a smoothed surrogate of pass@{k} through the{' '}
          {plural(live.length, 'live evaluated alpha')}, within the range.
        </span>
      </p>
      {best.beyond && (
        <p className="best-beyond" data-testid="best-alpha-beyond">
          Open interval: {best.beyond}.
        </p>
      )}
    </>
  );
}

/** Which evaluated alphas collapsed, and what that means: the surrogate leaves them out. */
export function CollapsedAlphas({ refinement }: { refinement: Refinement }) {
  const { collapsed, collapseBelow, live, k } = refinement;
  if (collapsed.length === 0 || collapseBelow === null || live.length === 0) return null;
  return (
    <p className="muted small" data-testid="suggest-collapsed" data-alphas={collapsed.join(',')}>
      <span className="collapsed-swatch" aria-hidden>
        ✕
      </span>{' '}
      Collapsed: {collapsed.map((a) => `α = ${formatAlpha(a)}`).join(', ')}. Past a trained endpoint, an alpha whose
      pass@{k} falls below half the best evaluated pass@{k} (below {p3(collapseBelow)}) has collapsed. The surrogate is
      fitted to the live alphas only, and drawn from α = {formatAlpha(live[0]!)} to α = {formatAlpha(live.at(-1)!)}.
    </p>
  );
}

/** The proposals, best first, each with why. */
export function SuggestionTable({ refinement }: { refinement: Refinement }) {
  if (refinement.suggestions.length === 0) {
    return (
      <p className="muted" data-testid="suggestion-none">
        Nothing left to propose in this range: every alpha worth evaluating is evaluated, queued or too close to one
        that is.
      </p>
    );
  }
  return (
    <table className="numbers suggestion-table" data-testid="suggestion-table">
      <thead>
        <tr>
          <th>α</th>
          <th>Kind</th>
          <th>Reason</th>
        </tr>
      </thead>
      <tbody>
        {refinement.suggestions.map((s) => (
          <tr key={s.alpha} data-testid="suggestion-row" data-alpha={s.alpha} data-kind={s.kind}>
            <td className="suggestion-alpha">
              <span className="proposal-swatch" aria-hidden>
                ★
              </span>{' '}
              {formatAlpha(s.alpha)}
            </td>
            <td>{KIND_WORDS[s.kind]}</td>
            <td className="suggestion-reason" data-testid="suggestion-reason">
              {s.reason}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
