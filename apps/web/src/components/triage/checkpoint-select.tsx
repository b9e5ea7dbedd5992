'use client';

import { isEndpointRole, type StudyDataCheckpoint } from '@frontier/core';
import { formatAlpha } from '@/lib/format';

export function checkpointLabel(c: StudyDataCheckpoint, showScale = false): string {
  const role = isEndpointRole(c.role) ? ` ${c.role.toLowerCase()} endpoint` : c.role === 'INIT' ? ' init' : '';
  return `${c.name} (α = ${formatAlpha(c.alpha)}${role}${showScale && c.scale ? `, ${c.scale}` : ''})`;
}

interface Props {
  label: string;
  testId: string;
  value: number | null;
  checkpoints: readonly StudyDataCheckpoint[];
  onChange: (id: number) => void;
}

/** One side of the comparison: any checkpoint of the study's data under the filters. */
export function CheckpointSelect({ label, testId, value, checkpoints, onChange }: Props) {
  const showScale = new Set(checkpoints.map((c) => c.scale)).size > 1;
  return (
    <label>
      {label}
      <select data-testid={testId} value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))}>
        {value === null && <option value="">Choose a checkpoint</option>}
        {checkpoints.map((c) => (
          <option key={c.id} value={c.id}>
            {checkpointLabel(c, showScale)}
          </option>
        ))}
      </select>
    </label>
  );
}
