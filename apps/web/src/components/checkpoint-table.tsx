import { formatAlpha, formatCount, formatRate } from '@/lib/format';
import type { CheckpointRow } from '@/lib/frontier/frontier-model';

// Every plotted number, readable by people and by tests: each cell carries its exact value in
// `data-value` next to the rounded text.
function Cell({ id, value, text }: { id: string; value: number | string | null; text: string }) {
  return (
    <td data-testid={id} data-value={value ?? ''}>
      {text}
    </td>
  );
}

export function CheckpointTable({ points }: { points: CheckpointRow[] }) {
  const showScale = new Set(points.map((p) => p.scale)).size > 1;
  return (
    <table className="numbers" data-testid="checkpoint-table" data-rows={points.length}>
      <thead>
        <tr>
          <th>Checkpoint</th>
          {showScale && <th>Scale</th>}
          <th>Role</th>
          <th>α</th>
          <th>Solve rate</th>
          <th>Correctness failures</th>
          <th>Optimization failures</th>
          <th>Problems</th>
          <th>n (samples)</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr
            key={p.checkpointId}
            data-testid="checkpoint-row"
            data-checkpoint-id={p.checkpointId}
            data-checkpoint-name={p.name}
          >
            <td>{p.name}</td>
            {showScale && <td>{p.scale}</td>}
            <Cell id="role" value={p.role} text={p.role.toLowerCase()} />
            <Cell id="alpha" value={p.alpha} text={formatAlpha(p.alpha)} />
            <Cell id="solve-rate" value={p.solveRate} text={formatRate(p.solveRate)} />
            <Cell id="correctness-rate" value={p.correctnessRate} text={formatRate(p.correctnessRate)} />
            <Cell id="optimization-rate" value={p.optimizationRate} text={formatRate(p.optimizationRate)} />
            <Cell id="problems" value={p.problems} text={formatCount(p.problems)} />
            <Cell id="n" value={p.n} text={formatCount(p.n)} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
