import type { ReactNode } from 'react';
import type { SettingRow } from '@/server/evaluation-settings';

/** The study's evaluation settings (how checkpoints are served, sampling), folded by default. */
export function EvaluationSettings({ rows, hint }: { rows: SettingRow[]; hint?: ReactNode }) {
  return (
    <details className="evaluation-settings popover" data-testid="evaluation-settings">
      <summary>Settings</summary>
      <div className="popover-panel">
        {hint && <p className="muted">{hint}</p>}
        <dl>
          {rows.map((r) => (
            <div key={r.label} className="setting-row">
              <dt>{r.label}</dt>
              <dd>{r.code ? <code>{r.value}</code> : r.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
