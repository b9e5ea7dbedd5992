import { plural } from '@frontier/core';
import type { Refinement, SuggestionKind } from '@frontier/core';
import { formatAlpha } from '@/lib/format';

const KIND_WORDS: Record<SuggestionKind, string> = {
  start: 'first evaluations',
  best: 'best alpha',
  collapse: 'collapse edge',
  frontier: 'frontier gap',
};

const a2 = (x: number) => x.toFixed(2);
const p3 = (x: number) => x.toFixed(3);

/** The current estimate of the best alpha, in one line, e.g. "α = 1.37 [1.20, 1.55], pass@1 0.431 [0.412, 0.449]". */
export function BestAlpha({ refinement }: { refinement: Refinement }) {
  const { best, k, problems, evaluated } = refinement;
  if (!best) {
    return (
      <p className="muted" data-testid="best-alpha" data-alpha="">
        No estimate of the best alpha yet{refinement.note ? `: ${refinement.note}` : ''}.
      </p>
    );
  }
  return (
    <p className="best-alpha" data-testid="best-alpha" data-alpha={best.alpha} data-lo={best.lo} data-hi={best.hi} data-pass={best.passAtK} data-pass-lo={best.passLo} data-pass-hi={best.passHi}>
      <span className="best-swatch" aria-hidden>◆</span> Best alpha so far: <b>α = {a2(best.alpha)}</b> [{a2(best.lo)}, {a2(best.hi)}], pass@{k} <b>{p3(best.passAtK)}</b> [{p3(best.passLo)}, {p3(best.passHi)}]
      <span className="muted small">
        {' '}
        — 95% bootstrap intervals over {plural(problems, 'problem')}, on a smoothed surrogate of pass@{k} through {plural(evaluated.length, 'evaluated alpha')}.
      </span>
    </p>
  );
}

/** The proposals, best first, each with why. */
export function SuggestionTable({ refinement }: { refinement: Refinement }) {
  if (refinement.suggestions.length === 0) {
    return <p className="muted" data-testid="suggestion-none">Nothing left to propose in this range: every alpha worth evaluating is evaluated, queued or too close to one that is.</p>;
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
            <td className="suggestion-alpha"><span className="proposal-swatch" aria-hidden>★</span> {formatAlpha(s.alpha)}</td>
            <td>{KIND_WORDS[s.kind]}</td>
            <td className="suggestion-reason" data-testid="suggestion-reason">{s.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
