import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DownloadHtmlButton } from '@/components/share/download-html-button';
import { SharedView } from '@/components/share/shared-view';
import { HttpError } from '@/server/http-error';
import { getShare } from '@/server/shares';

export const metadata: Metadata = { title: 'Shared view', robots: { index: false } };

// A shared link: the view pinned to the data of the time, read-only (see lib/share/share.ts).
export default async function SharedPage(props: PageProps<'/s/[token]'>) {
  const { token } = await props.params;
  // A problem opened from a shared matrix (see components/share/pinned-problem.tsx).
  const { problem, checkpoint } = await props.searchParams;
  const share = await getShare(token).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  });
  return (
    <>
      <p>
        <Link href="/">← All studies</Link>
      </p>
      <h1 data-testid="study-name">{share.studyName}</h1>
      <SharedView
        home={`/s/${token}`}
        problem={problem}
        checkpoint={checkpoint}
        studyId={share.studyId}
        studyName={share.studyName}
        view={share.view}
        createdAt={share.createdAt}
        pinnedVersion={share.dataVersion}
        currentVersion={share.currentVersion}
        payload={share.payload}
        actions={<DownloadHtmlButton url={`/api/shares/${token}/bundle`} />}
      />
    </>
  );
}
