'use client';

import { formatAlpha } from '@/lib/format';
import type { ProblemCheckpointCounts } from '@/lib/problem/problem-types';

const VERDICT_FIELDS = ['wa', 'tle', 'mle', 're', 'ce', 'ole', 'ie'] as const;

/** Failing samples by first failing tier, each bar split: correctness failures (below) and optimization failures. */
function TierHist({
  hist,
  correctness,
  optimization,
}: {
  hist: number[];
  correctness: number[];
  optimization: number[];
}) {
  const max = Math.max(1, ...hist);
  if (hist.length === 0) return <span className="muted">—</span>;
  return (
    <span
      className="pb-hist"
      data-testid="fail-tier-hist"
      data-value={hist.join(',')}
      data-correctness={correctness.join(',')}
      data-optimization={optimization.join(',')}
      title={hist
        .map((v, i) => `tier ${i + 1}: ${v} (${correctness[i] ?? 0} correctness, ${optimization[i] ?? 0} optimization)`)
        .join('; ')}
    >
      {hist.map((v, i) => (
        <span key={i} className="pb-hist-bar">
          <span className="pb-hist-opt" style={{ height: `${((optimization[i] ?? 0) / max) * 100}%` }} />
          <span style={{ height: `${((correctness[i] ?? 0) / max) * 100}%` }} />
          <em>{v}</em>
        </span>
      ))}
    </span>
  );
}

interface Props {
  checkpoints: ProblemCheckpointCounts[];
  selected: number | null;
  onSelect: (checkpointId: number) => void;
}

/** The problem's counts per checkpoint, straight from the aggregates; a row click selects the checkpoint. */
export function ProblemCounts({ checkpoints, selected, onSelect }: Props) {
  const showScale = new Set(checkpoints.map((c) => c.scale)).size > 1;
  return (
    <div className="pb-table-wrap">
      <table className="numbers pb-counts" data-testid="problem-counts">
        <thead>
          <tr>
            <th>Checkpoint</th>
            {showScale && <th>Scale</th>}
            <th>α</th>
            <th>n</th>
            <th>Solved</th>
            <th>c/n</th>
            {VERDICT_FIELDS.map((f) => (
              <th key={f}>{f.toUpperCase()}</th>
            ))}
            <th>Pending</th>
            <th title="Failing samples by the tier they first failed: correctness failures orange, optimization failures blue">
              First failing tier (1 → K)
            </th>
          </tr>
        </thead>
        <tbody>
          {checkpoints.map((c) => (
            <tr
              key={c.checkpointId}
              data-testid="problem-count-row"
              data-checkpoint-id={c.checkpointId}
              className={`pb-count-row${c.checkpointId === selected ? ' selected' : ''}`}
              aria-selected={c.checkpointId === selected}
              onClick={() => onSelect(c.checkpointId)}
            >
              <td>
                <button type="button" className="link-button" onClick={() => onSelect(c.checkpointId)}>
                  {c.name}
                </button>
              </td>
              {showScale && <td>{c.scale}</td>}
              <td>{formatAlpha(c.alpha)}</td>
              <td data-testid="count-n" data-value={c.n}>
                {c.n < 0 ? 'no data' : c.n}
              </td>
              <td data-testid="count-solved" data-value={c.solved}>
                {c.solved}
              </td>
              <td>{c.n > 0 ? `${((c.solved / c.n) * 100).toFixed(0)}%` : '—'}</td>
              {VERDICT_FIELDS.map((f) => (
                <td key={f} data-testid={`count-${f}`} data-value={c[f]}>
                  {c[f] || <span className="muted">0</span>}
                </td>
              ))}
              <td data-testid="count-pending" data-value={c.pending}>
                {c.pending}
              </td>
              <td>
                <TierHist
                  hist={c.failTierHist}
                  correctness={c.failTierCorrectness}
                  optimization={c.failTierOptimization}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
