import type { SettingRow } from '@/server/evaluation-settings';

/** The study's evaluation settings (how checkpoints are served, sampling), folded by default. */
export function EvaluationSettings({ rows }: { rows: SettingRow[] }) {
  return (
    <details className="evaluation-settings" data-testid="evaluation-settings">
      <summary>Evaluation settings</summary>
      <dl>
        {rows.map((r) => (
          <div key={r.label} className="setting-row">
            <dt>{r.label}</dt>
            <dd>{r.code ? <code>{r.value}</code> : r.value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
