import type { ReactNode } from 'react';

/** Something is loading: say what. */
export function Loading({ what }: { what: string }) {
  return (
    <div className="state" role="status" data-testid="loading">
      <span className="spinner" aria-hidden />
      Loading {what}…
    </div>
  );
}

/** A failed request: what failed, why (the server's message) and what to do. */
export function ErrorState({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <div className="banner banner-error" role="alert" data-testid="error">
      <strong>{title}</strong>
      <p>{message}</p>
      <p>
        Check that the server and its database are running (<code>npm start</code>), then retry.
      </p>
      {onRetry && <button onClick={onRetry}>Retry</button>}
    </div>
  );
}

/** Nothing to show: why, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="state" data-testid="empty">
      <strong>{title}</strong>
      {children}
    </div>
  );
}

/** The loading or error state of the study data a tab reads; null once the data is there. */
export function studyDataState(
  data: { isPending: boolean; error: Error | null; refetch: () => unknown },
  what = "the study's data",
): ReactNode {
  if (data.isPending) return <Loading what={what} />;
  if (data.error)
    return (
      <ErrorState
        title="Could not load this study's data."
        message={data.error.message}
        onRetry={() => void data.refetch()}
      />
    );
  return null;
}
