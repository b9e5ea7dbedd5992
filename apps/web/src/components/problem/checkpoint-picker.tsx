'use client';

import type { ProblemCheckpointCounts } from '@/lib/problem/problem-types';

/** A labelled select of the problem's checkpoints; the empty choice (`emptyLabel`) is null. */
export function CheckpointPicker({
  testId,
  value,
  emptyLabel,
  checkpoints,
  onChange,
}: {
  testId: string;
  value: number | null;
  emptyLabel: string;
  checkpoints: ProblemCheckpointCounts[];
  onChange: (checkpoint: number | null) => void;
}) {
  return (
    <label>
      Checkpoint
      <select
        data-testid={testId}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">{emptyLabel}</option>
        {checkpoints.map((c) => (
          <option key={c.checkpointId} value={c.checkpointId}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
