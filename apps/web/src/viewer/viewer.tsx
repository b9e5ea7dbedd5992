// The offline copy's script (see build-viewer.ts): renders the document of its HTML file with
// the share page's own components, from the pinned data, with no server and no request.
import { formatTimestamp } from '@frontier/core';
import type { OfflineDocument } from '@frontier/formats';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { SharedView } from '@/components/share/shared-view';
import type { SharePayload } from '@/lib/share/share';
import '../app/globals.css';
import { OFFLINE_HOME, setLiveOrigin } from './offline-links';
import { setViewPath } from './next-navigation';

declare const FRONTIER_VERSION: string;

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** ?problem= and ?checkpoint= of the hash (#view?problem=3): a problem opened from the shared matrix. */
function useOpenedProblem(): { problem?: string; checkpoint?: string } {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  const query = hash.startsWith(`${OFFLINE_HOME}?`) ? hash.slice(OFFLINE_HOME.length + 1) : '';
  const params = new URLSearchParams(query);
  return { problem: params.get('problem') ?? undefined, checkpoint: params.get('checkpoint') ?? undefined };
}

function OfflineBanner({ doc }: { doc: OfflineDocument }) {
  const live = doc.origin ? `${doc.origin}${doc.token ? `/s/${doc.token}` : doc.view}` : null;
  return (
    <div className="banner banner-info shared-banner" data-testid="offline-banner">
      <div>
        <strong>Offline copy</strong> (read-only) of a view of <strong>{doc.studyName}</strong>: data version{' '}
        <span data-testid="offline-data-version">{doc.dataVersion}</span>, pinned{' '}
        <span data-testid="offline-pinned">{formatTimestamp(doc.pinnedAt)}</span>, saved by Frontier Explorer{' '}
        <span data-testid="offline-app-version">{FRONTIER_VERSION}</span>. It works without a server; problems&apos;
        samples are not part of it.
      </div>
      {live && (
        <a href={live} target="_blank" rel="noopener noreferrer" data-testid="open-live">
          {doc.token ? 'Open the shared link' : 'Open the live view'}
        </a>
      )}
    </div>
  );
}

function OfflineView({ doc }: { doc: OfflineDocument }) {
  const { problem, checkpoint } = useOpenedProblem();
  return (
    <>
      <h1 data-testid="study-name">{doc.studyName}</h1>
      <SharedView
        home={OFFLINE_HOME}
        problem={problem}
        checkpoint={checkpoint}
        studyId={doc.studyId}
        studyName={doc.studyName}
        view={doc.view}
        createdAt={doc.pinnedAt}
        pinnedVersion={doc.dataVersion}
        currentVersion={doc.dataVersion}
        payload={doc.payload as SharePayload}
        banner={<OfflineBanner doc={doc} />}
      />
    </>
  );
}

function start(): void {
  const source = document.querySelector('script[type="application/json"]');
  const root = document.getElementById('frontier-root');
  if (!source?.textContent || !root) throw new Error('this file has no Frontier Explorer view in it');
  const doc = JSON.parse(source.textContent) as OfflineDocument;
  setLiveOrigin(doc.origin);
  setViewPath(new URL(doc.view, 'http://frontier.invalid').pathname);
  // Nothing is ever fetched: the pinned data answers every query (see pinned-study-view.tsx).
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const header = document.createElement('header');
  header.className = 'site-header';
  header.innerHTML = '<span class="brand">Frontier Explorer</span><span class="tagline">offline copy of a view</span>';
  root.before(header);
  createRoot(root).render(
    <QueryClientProvider client={client}>
      <OfflineView doc={doc} />
    </QueryClientProvider>,
  );
}

start();
