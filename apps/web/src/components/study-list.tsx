'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { formatCount } from '@/lib/format';
import { studiesQuery } from '@/lib/study/queries';
import { EmptyState, ErrorState, Loading } from './status';
import { OriginBadge } from './origin-notice';

export function StudyList() {
  const { data: studies, error, isPending, refetch } = useQuery(studiesQuery());
  if (isPending) return <Loading what="studies" />;
  if (error)
    return <ErrorState title="Could not load the studies." message={error.message} onRetry={() => void refetch()} />;
  if (studies.length === 0) {
    return (
      <EmptyState title="No studies yet">
        Import results with <code>npm run frontier -- import FILE</code>, or run <code>npm start</code> on an empty
        database to load the synthetic example sweep.
      </EmptyState>
    );
  }
  return (
    <ul className="study-list" data-testid="study-list">
      {studies.map((study) => (
        <li key={study.id} className="card study-item" data-testid="study-item" data-study-id={study.id}>
          <div>
            <h2>
              <Link href={`/studies/${study.id}`}>{study.name}</Link>
              <OriginBadge origin={study.origin} />
            </h2>
            {study.description && <p className="muted">{study.description}</p>}
          </div>
          <div className="stats">
            <div className="stat">
              <b data-testid="study-checkpoints">{formatCount(study.checkpoints)}</b>
              <span>checkpoints</span>
            </div>
            <div className="stat">
              <b data-testid="study-samples">{formatCount(study.samples)}</b>
              <span>judged samples{study.pending > 0 && `, ${formatCount(study.pending)} pending`}</span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
