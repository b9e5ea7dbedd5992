'use client';

import { useEffect, useState } from 'react';

const RETRY_S = 5;

// Server errors arrive here without details (Next hides them in production); the digest
// matches the server log line. The usual cause is the database restarting or unreachable, which
// passes by itself: the page retries on its own every few seconds.
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  const [left, setLeft] = useState(RETRY_S);
  useEffect(() => console.error(error), [error]);
  useEffect(() => {
    let s = RETRY_S;
    const tick = setInterval(() => {
      s -= 1;
      if (s === 0) {
        s = RETRY_S;
        retry();
      }
      setLeft(s);
    }, 1000);
    return () => clearInterval(tick);
  }, [retry]);
  const digest = (error as { digest?: string } | null)?.digest;
  return (
    <div className="banner banner-error" role="alert" data-testid="error">
      <strong>Something went wrong while loading this page.</strong>
      <p>
        The server could not read the database: it may be restarting, in which case this page recovers by itself (next
        try in {left} s). If it does not, check that it is running (<code>npm start</code>) and look at the server log
        {digest && ` for error ${digest}`}.
      </p>
      <button onClick={() => retry()}>Retry now</button>
    </div>
  );
}
