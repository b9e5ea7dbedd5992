'use client';

import { plural } from '@frontier/core';
import { useQuery } from '@tanstack/react-query';
import { SAMPLE_VERDICT_FILTERS } from '@/lib/problem/problem-params';
import type { ProblemCheckpointCounts } from '@/lib/problem/problem-types';
import { ErrorState } from '@/components/status';
import { CheckpointPicker } from './checkpoint-picker';
import { sampleKey, samplesQuery } from './queries';
import { verdictColor } from './verdict-colors';

interface Props {
  studyId: number;
  problemId: number;
  checkpoints: ProblemCheckpointCounts[];
  checkpoint: number | null;
  verdict: string | null;
  page: number;
  selected: string | null;
  onChange: (next: {
    checkpoint?: number | null;
    verdict?: string | null;
    page?: number;
    sample?: string | null;
  }) => void;
}

/** One page of the problem's samples at the selected checkpoint, with verdicts; click to open one. */
export function SampleList({ studyId, problemId, checkpoints, checkpoint, verdict, page, selected, onChange }: Props) {
  const { data, error, isFetching, refetch } = useQuery(
    samplesQuery(studyId, problemId, { checkpoint: checkpoint ?? undefined, verdict: verdict ?? undefined, page }),
  );
  const name = new Map(checkpoints.map((c) => [c.checkpointId, c.name]));
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div
      className={isFetching ? 'fetching' : undefined}
      data-testid="sample-list"
      data-total={data?.total ?? ''}
      data-page={page}
    >
      <div className="filters">
        <CheckpointPicker
          testId="samples-checkpoint"
          value={checkpoint}
          emptyLabel="All checkpoints"
          checkpoints={checkpoints}
          onChange={(c) => onChange({ checkpoint: c, page: 1 })}
        />
        <label>
          Verdict
          <select
            data-testid="samples-verdict"
            value={verdict ?? ''}
            onChange={(e) => onChange({ verdict: e.target.value === '' ? null : e.target.value, page: 1 })}
          >
            <option value="">Any verdict</option>
            {SAMPLE_VERDICT_FILTERS.map((v) => (
              <option key={v} value={v}>
                {v === 'PENDING' ? 'pending' : v}
              </option>
            ))}
          </select>
        </label>
        {data && <span className="summary muted">{plural(data.total, 'sample')}</span>}
      </div>
      {error ? (
        <ErrorState title="Could not load the samples." message={error.message} onRetry={() => void refetch()} />
      ) : (
        <ul className="pb-samples">
          {data?.samples.map((s) => {
            const key = sampleKey(s);
            return (
              <li key={key}>
                <button
                  type="button"
                  data-testid="sample-item"
                  data-sample={key}
                  data-verdict={s.verdict ?? 'PENDING'}
                  data-sandbox={s.sandbox ?? ''}
                  aria-pressed={key === selected}
                  className={key === selected ? 'selected' : undefined}
                  onClick={() => onChange({ sample: key })}
                >
                  <span className="pb-verdict" style={{ background: verdictColor(s.verdict) }}>
                    {s.verdict ?? 'pending'}
                  </span>
                  <span>#{s.idx}</span>
                  <span className="muted">{name.get(s.checkpointId)}</span>
                  <span className="muted small">{s.setting}</span>
                  <span
                    className="muted small"
                    title={s.sandbox ? `judged with the ${s.sandbox} sandbox backend` : undefined}
                  >
                    {[s.testsRun ? plural(s.testsRun, 'test') : '', s.sandbox ?? ''].filter(Boolean).join(' · ')}
                  </span>
                </button>
              </li>
            );
          })}
          {data && data.samples.length === 0 && <li className="muted">No sample matches.</li>}
        </ul>
      )}
      {pages > 1 && (
        <div className="pb-pager">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => onChange({ page: page - 1 })}
            data-testid="samples-prev"
          >
            ← Previous
          </button>
          <span className="muted">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => onChange({ page: page + 1 })}
            data-testid="samples-next"
          >
            Next →
          </button>
        </div>
      )}
    </div>
  );
}
