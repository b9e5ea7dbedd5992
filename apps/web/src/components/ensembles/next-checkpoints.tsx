import { checkpointLabel } from '@/components/triage/checkpoint-select';
import { formatPoints } from '@/lib/format';
import type { EnsembleView } from '@/lib/ensembles/ensemble-view';
import { formatRate } from '@/lib/format';

const SHOWN = 10;

/** rankNextCheckpoint: each checkpoint not yet in the ensemble, by the ensemble pass at B once it is added. */
export function NextCheckpoints({ view, onAdd }: { view: EnsembleView; onAdd: (id: number) => void }) {
  if (view.next.length === 0) return <p className="muted">No other checkpoint can join at this budget.</p>;
  return (
    <table className="numbers" data-testid="next-checkpoints">
      <thead>
        <tr>
          <th>Add</th>
          <th>Ensemble pass at B</th>
          <th>Change</th>
          <th>Allocation</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {view.next.slice(0, SHOWN).map((n, i) => (
          <tr key={n.checkpoint.id} data-testid="next-row" data-checkpoint-id={n.checkpoint.id} data-pass={n.pass}>
            <td>
              {i + 1}. {checkpointLabel(n.checkpoint)}
            </td>
            <td>{formatRate(n.pass)}</td>
            <td>{formatPoints(n.gain, 2)}</td>
            <td className="muted">{n.allocation.map((a) => `${a.checkpoint.name}: ${a.k}`).join(', ')}</td>
            <td>
              <button type="button" data-testid="next-add" onClick={() => onAdd(n.checkpoint.id)}>
                Add
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
