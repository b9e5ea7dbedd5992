'use client';

import { useState } from 'react';
import type { ApiErrorBody } from '@/lib/api/api-error';
import type { CreateShareResponse } from '@/lib/share/share';
import { DownloadHtmlButton, liveViewBundleUrl } from './download-html-button';

/**
 * "Share": pins the current view (path + query, read at click time) to a snapshot of its data
 * and shows the link; beside it, "Download as HTML" saves the same view as an offline file. Any study view can use it; the view must be registered for /s/ pages
 * (see lib/share/share.ts).
 */
export function ShareButton({ studyId, view }: { studyId: number; view: () => string }) {
  const [state, setState] = useState<
    | { status: 'idle' | 'busy' }
    | { status: 'done'; url: string; copied: boolean }
    | { status: 'error'; message: string }
  >({ status: 'idle' });

  async function share() {
    setState({ status: 'busy' });
    try {
      const res = await fetch('/api/shares', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ studyId, view: view() }),
      });
      const body = (await res.json().catch(() => undefined)) as CreateShareResponse | ApiErrorBody | undefined;
      if (!res.ok || !body || !('url' in body))
        throw new Error((body as ApiErrorBody | undefined)?.error?.message ?? `status ${res.status}`);
      const url = new URL(body.url, window.location.origin).toString();
      let copied = false;
      try {
        await navigator.clipboard.writeText(url);
        copied = true;
      } catch {
        // No clipboard permission (or not a secure context): the link is shown to copy by hand.
      }
      setState({ status: 'done', url, copied });
    } catch (err) {
      setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <div className="share-box" data-testid="share">
      <button type="button" data-testid="share-button" disabled={state.status === 'busy'} onClick={() => void share()}>
        {state.status === 'busy' ? 'Making a link…' : 'Share'}
      </button>
      <DownloadHtmlButton url={() => liveViewBundleUrl(studyId, view())} />
      {state.status === 'done' && (
        <>
          <input
            data-testid="share-url"
            readOnly
            value={state.url}
            onFocus={(e) => e.currentTarget.select()}
            aria-label="Shared link"
          />
          <span className="muted">
            {state.copied ? 'Copied. ' : ''}The link shows this view with today’s data, read-only.
          </span>
        </>
      )}
      {state.status === 'error' && (
        <span role="alert" className="export-error">
          Could not make a link: {state.message}
        </span>
      )}
    </div>
  );
}
