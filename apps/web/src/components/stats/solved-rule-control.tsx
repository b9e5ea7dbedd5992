'use client';

import { DEFAULT_SOLVED_RULE, describeSolvedRule, type SolvedRule } from '@frontier/core';
import './stats.css';

// "Solved means": the one place a view's solved rule is chosen. The kind is a select; its
// threshold tau (and k for pass@k) are committed on blur or Enter, like the other number fields.

const KINDS = [
  { kind: 'rate', label: 'c/n ≥ τ (most samples pass)' },
  { kind: 'pass', label: 'pass@k ≥ τ' },
  { kind: 'any', label: 'c > 0 (any sample passes)' },
] as const;

function NumberField({
  label,
  testId,
  value,
  min,
  max,
  step,
  whole,
  onCommit,
}: {
  label: string;
  testId: string;
  value: number;
  min: number;
  max: number;
  step: number;
  whole?: boolean;
  onCommit: (v: number) => void;
}) {
  return (
    <label className="compact-field">
      {label}
      <input
        type="number"
        data-testid={testId}
        min={min}
        max={max}
        step={step}
        defaultValue={value}
        key={value}
        onBlur={(e) => {
          const v = Number(e.target.value);
          const ok =
            Number.isFinite(v) && v >= min && v <= max && (!whole || Number.isSafeInteger(v)) && (whole || v > 0);
          if (ok && v !== value) onCommit(v);
          else if (!ok) e.target.value = String(value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
    </label>
  );
}

export function SolvedRuleControl({ rule, onChange }: { rule: SolvedRule; onChange: (rule: SolvedRule) => void }) {
  const tau = rule.kind === 'any' ? (DEFAULT_SOLVED_RULE.kind === 'rate' ? DEFAULT_SOLVED_RULE.tau : 0.5) : rule.tau;
  const setKind = (kind: SolvedRule['kind']) =>
    onChange(
      kind === 'any'
        ? { kind }
        : kind === 'rate'
          ? { kind, tau }
          : { kind, k: rule.kind === 'pass' ? rule.k : 10, tau },
    );
  return (
    <fieldset className="plain solved-rule" data-testid="solved-rule" data-rule={describeSolvedRule(rule)}>
      <label>
        Solved means
        <select
          data-testid="solved-kind"
          value={rule.kind}
          onChange={(e) => setKind(e.target.value as SolvedRule['kind'])}
        >
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      {rule.kind === 'pass' && (
        <NumberField
          label="k"
          testId="solved-k"
          value={rule.k}
          min={1}
          max={100_000}
          step={1}
          whole
          onCommit={(k) => onChange({ ...rule, k })}
        />
      )}
      {rule.kind !== 'any' && (
        <NumberField
          label="τ"
          testId="solved-tau"
          value={rule.tau}
          min={0.01}
          max={1}
          step={0.05}
          onCommit={(t) => onChange({ ...rule, tau: t })}
        />
      )}
    </fieldset>
  );
}

/** The false-discovery threshold at which a problem's rates are called different. */
export function QThresholdControl({ q, onChange }: { q: number; onChange: (q: number) => void }) {
  return (
    <NumberField label="FDR q <" testId="q-threshold" value={q} min={0.0001} max={1} step={0.01} onCommit={onChange} />
  );
}
