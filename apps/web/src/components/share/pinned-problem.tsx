'use client';

import type { StudyData } from '@frontier/core';
import Link from 'next/link';
import { formatAlpha, formatCount } from '@/lib/format';
import { liveProblemHref } from '@/lib/problem/problem-link';
import { problemCounts } from '@/lib/share/shared-problem';

const VERDICT_FIELDS = ['wa', 'tle', 'mle', 're', 'ce', 'ole', 'ie'] as const;

interface Props {
  studyId: number;
  /** The data the link shows (pinned, or the current data when the reader chose it). */
  data: StudyData;
  problemIndex: number;
  /** The checkpoint whose cell was clicked, highlighted. */
  checkpointId: number | null;
  /** The shared view this problem was opened from. */
  backHref: string;
  source: 'pinned' | 'current';
}

/**
 * A problem opened from a shared matrix: what the link holds for it (title, difficulty, counts per
 * checkpoint), read-only and without a request. Samples are not in a link; a reader with access to
 * the study can follow the clearly labelled link to the live drill-down.
 */
export function PinnedProblem({ studyId, data, problemIndex, checkpointId, backHref, source }: Props) {
  const problem = data.problems[problemIndex]!;
  const rows = problemCounts(data, problemIndex);
  const showScale = new Set(rows.map((r) => r.checkpoint.scale)).size > 1;
  const { setting, scale, difficulty } = data.filters;
  const live = liveProblemHref(studyId, { setting, scale })(problem.id, checkpointId ?? undefined);
  const scope = [setting && `setting ${setting}`, scale && `scale ${scale}`, difficulty && `difficulty ${difficulty}`]
    .filter(Boolean)
    .join(', ');
  return (
    <section className="card" data-testid="pinned-problem" data-problem-id={problem.id}>
      <p>
        <Link href={backHref} data-testid="pinned-problem-back">
          ← Back to the shared view
        </Link>
      </p>
      <h2 data-testid="pinned-problem-title">
        <span className="muted">{problem.externalId}</span> {problem.title}{' '}
        <span className={`mx-diff mx-diff-${problem.difficulty}`} data-testid="pinned-problem-difficulty">
          {problem.difficulty}
        </span>
      </h2>
      <p className="muted" data-testid="pinned-problem-note">
        {source === 'pinned' ? 'This link pinned' : 'The study now has'} this problem&apos;s counts per checkpoint
        {scope ? ` (${scope})` : ''}, shown below. Its samples, statement and per-test results are not part of a shared
        link.{' '}
        <Link href={live} data-testid="pinned-problem-live">
          Open this problem in the live study
        </Link>{' '}
        to see them (it needs access to the study, and shows its data as it is now).
      </p>
      <div className="pb-table-wrap">
        <table className="numbers pb-counts" data-testid="problem-counts">
          <thead>
            <tr>
              <th>Checkpoint</th>
              {showScale && <th>Scale</th>}
              <th>α</th>
              <th title="Judged samples (internal errors of the judge excluded)">n</th>
              <th>Solved</th>
              <th title="Solved samples over judged samples">c/n</th>
              {VERDICT_FIELDS.map((f) => (
                <th key={f}>{f.toUpperCase()}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ checkpoint: k, counts }) => (
              <tr
                key={k.id}
                data-testid="problem-count-row"
                data-checkpoint-id={k.id}
                className={k.id === checkpointId ? 'selected' : undefined}
                aria-selected={k.id === checkpointId}
              >
                <td>{k.name}</td>
                {showScale && <td>{k.scale}</td>}
                <td>{formatAlpha(k.alpha)}</td>
                <td data-testid="count-n" data-value={counts.n}>
                  {counts.n < 0 ? 'no data' : formatCount(counts.n)}
                </td>
                <td data-testid="count-solved" data-value={counts.solved}>
                  {formatCount(counts.solved)}
                </td>
                <td>{counts.n > 0 ? `${((counts.solved / counts.n) * 100).toFixed(0)}%` : '—'}</td>
                {VERDICT_FIELDS.map((f) => (
                  <td key={f} data-testid={`count-${f}`} data-value={counts[f]}>
                    {counts[f] || <span className="muted">0</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        n: judged samples of the checkpoint&apos;s runs (internal errors of the judge excluded); c/n: solved over n.
      </p>
    </section>
  );
}
