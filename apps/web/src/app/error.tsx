'use client';

import { useEffect } from 'react';

// Server errors arrive here without details (Next hides them in production); the digest
// matches the server log line.
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => console.error(error), [error]);
  const digest = (error as { digest?: string } | null)?.digest;
  return (
    <div className="banner banner-error" role="alert" data-testid="error">
      <strong>Something went wrong while loading this page.</strong>
      <p>
        The server could not read the database. Check that it is running (<code>npm start</code>) and look at the server
        log{digest && ` for error ${digest}`}.
      </p>
      <button onClick={() => retry()}>Retry</button>
    </div>
  );
}
