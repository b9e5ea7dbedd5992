'use client';

import type { SolvedRule } from '@frontier/core';
import { QThresholdControl, SolvedRuleControl } from '@/components/stats/solved-rule-control';
import { formatAlpha } from '@/lib/format';
import type { MatrixSort, SolveMatrixModel } from '@/lib/matrix/matrix';
import type { MatrixViewState } from '@/lib/matrix/matrix-params';

const SORT_LABELS: Record<MatrixSort, string> = {
  difficulty: 'Difficulty',
  flip: 'Flip α (unsolved → solved)',
  spread: 'Spread across alphas',
  cluster: 'Clustered (solved pattern)',
  problem: 'Problem id',
};

interface Props {
  state: MatrixViewState;
  model: SolveMatrixModel;
  onChange: (next: MatrixViewState) => void;
  rule: SolvedRule;
  q: number;
  onStatsChange: (next: { rule?: SolvedRule; q?: number }) => void;
}

export function MatrixControls({ state, model, onChange, rule, q, onStatsChange }: Props) {
  const alphas = [...new Set(model.columns.flatMap((c) => (c.alpha === null ? [] : [c.alpha])))].sort((a, b) => a - b);
  const alphaValue = state.alpha === null ? '' : String(state.alpha);
  return (
    <div className="filters mx-controls">
      <label>
        Sort rows by
        <select
          data-testid="matrix-sort"
          value={state.sort}
          onChange={(e) => onChange({ ...state, sort: e.target.value as MatrixSort })}
        >
          {(Object.keys(SORT_LABELS) as MatrixSort[]).map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Highlight α
        <select
          data-testid="matrix-alpha"
          value={alphaValue}
          onChange={(e) => onChange({ ...state, alpha: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">None</option>
          {state.alpha !== null && !alphas.includes(state.alpha) && (
            <option value={alphaValue}>{formatAlpha(state.alpha)} (no checkpoint)</option>
          )}
          {alphas.map((a) => (
            <option key={a} value={String(a)}>
              {formatAlpha(a)}
            </option>
          ))}
        </select>
      </label>
      <label
        className="mx-check"
        title="A test per problem that its solve rate is the same at every checkpoint shown (chi-square, or Monte Carlo for small counts), Benjamini–Hochberg over the problems"
      >
        <input
          type="checkbox"
          data-testid="matrix-differs"
          checked={state.differs}
          onChange={(e) => onChange({ ...state, differs: e.target.checked })}
        />
        Rate differs across α
      </label>
      {state.differs && <QThresholdControl q={q} onChange={(next) => onStatsChange({ q: next })} />}
      <label
        className="mx-check"
        title="The rate dips and recovers along α, or peaks and falls back: some checkpoint's 95% Wilson interval lies wholly below (above) an earlier and a later checkpoint's"
      >
        <input
          type="checkbox"
          data-testid="matrix-unstable"
          checked={state.unstable}
          onChange={(e) => onChange({ ...state, unstable: e.target.checked })}
        />
        Unstable only ⟲
      </label>
      <SolvedRuleControl rule={rule} onChange={(next) => onStatsChange({ rule: next })} />
    </div>
  );
}
