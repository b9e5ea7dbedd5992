import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { DownloadHtmlButton } from '@/components/share/download-html-button';
import { SharedView } from '@/components/share/shared-view';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '@/lib/preview/preview-svg';
import { previewImagePath } from '@/lib/share/embed';
import { oembedPath } from '@/lib/share/oembed';
import { previewOf } from '@/server/share-preview';
import { siteOrigin } from '@/server/site-origin';
import { loadShare, sharedViewProps } from './load-share';

/**
 * A link pasted into a chat unfurls: Open Graph and Twitter card tags with the pinned numbers and
 * the preview image (absolute URLs: the public URL in server mode), and the oEmbed discovery link.
 */
export async function generateMetadata(props: PageProps<'/s/[token]'>): Promise<Metadata> {
  const { token } = await props.params;
  const share = await loadShare(token);
  const { title, description } = previewOf(share);
  const origin = siteOrigin(await headers());
  const url = `${origin}/s/${token}`;
  const image = `${origin}${previewImagePath(token)}`;
  return {
    title,
    description,
    robots: { index: false },
    openGraph: {
      type: 'website',
      siteName: 'Frontier Explorer',
      title,
      description,
      url,
      images: [{ url: image, width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, type: 'image/png', alt: title }],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
    alternates: { types: { 'application/json+oembed': `${origin}${oembedPath(url)}` } },
  };
}

// A shared link: the view pinned to the data of the time, read-only (see lib/share/share.ts).
export default async function SharedPage(props: PageProps<'/s/[token]'>) {
  const { token } = await props.params;
  // ?problem= and ?checkpoint=: a problem opened from a shared matrix (see components/share/pinned-problem.tsx).
  const share = await loadShare(token);
  return (
    <>
      <p>
        <Link href="/">← All studies</Link>
      </p>
      <h1 data-testid="study-name">{share.studyName}</h1>
      <SharedView
        {...sharedViewProps(token, share, await props.searchParams, 'share')}
        actions={<DownloadHtmlButton url={`/api/shares/${token}/bundle`} />}
      />
    </>
  );
}
