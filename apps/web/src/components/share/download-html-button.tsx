'use client';

import { useState } from 'react';
import type { ApiErrorBody } from '@/lib/api/api-error';

/** Where the offline copy of a live study view is made: the view (path + query) pinned now. */
export const liveViewBundleUrl = (studyId: number, view: string): string =>
  `/api/studies/${studyId}/bundle?view=${encodeURIComponent(view)}`;

/**
 * "Download as HTML": the view as one file that opens from disk, with no server, and stays
 * interactive (see viewer/). A `url` function is read at click time, after any pending update of the view.
 */
export function DownloadHtmlButton({ url }: { url: string | (() => string) }) {
  const [state, setState] = useState<{ status: 'idle' | 'busy' } | { status: 'error'; message: string }>({
    status: 'idle',
  });

  async function download() {
    setState({ status: 'busy' });
    try {
      const res = await fetch(typeof url === 'string' ? url : url());
      if (!res.ok) {
        const body = (await res.json().catch(() => undefined)) as ApiErrorBody | undefined;
        throw new Error(body?.error?.message ?? `status ${res.status}`);
      }
      const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
      const href = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = href;
      a.download = name ? decodeURIComponent(name) : 'frontier-view.html';
      a.click();
      // The click has handed the blob to the download; the URL is not needed after this task.
      setTimeout(() => URL.revokeObjectURL(href), 0);
      setState({ status: 'idle' });
    } catch (err) {
      setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <span className="download-html">
      <button
        type="button"
        data-testid="download-html"
        disabled={state.status === 'busy'}
        title="This view and its data as one HTML file that opens offline, with no server"
        onClick={() => void download()}
      >
        {state.status === 'busy' ? 'Saving…' : 'Download as HTML'}
      </button>
      {state.status === 'error' && (
        <span role="alert" className="export-error">
          Could not save the file: {state.message}
        </span>
      )}
    </span>
  );
}
