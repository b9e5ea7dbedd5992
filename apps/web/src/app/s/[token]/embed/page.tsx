import type { Metadata } from 'next';
import { SharedView } from '@/components/share/shared-view';
import { loadShare, sharedViewProps } from '../load-share';

export const metadata: Metadata = { title: 'Shared view', robots: { index: false } };

// A shared link as other sites frame it (oEmbed, /api/oembed): the same read-only view as
// /s/[token], without the site's header (app/layout.tsx, marked by proxy.ts), which alone may be
// framed (its CSP frame-ancestors: FRONTIER_EMBED_ORIGINS).
export default async function EmbedPage(props: PageProps<'/s/[token]/embed'>) {
  const { token } = await props.params;
  const share = await loadShare(token);
  return <SharedView {...sharedViewProps(token, share, await props.searchParams, 'embed')} />;
}
