import type { Metadata } from 'next';
import Link from 'next/link';
import { ShareList } from '@/components/share/share-list';
import { accessMode } from '@/env';
import { requestIdentity } from '@/server/identity';
import { listSharesOf } from '@/server/shares';

export const metadata: Metadata = { title: 'Share links' };

// The caller's share links, to open or delete; an admin (and local mode's owner) sees every link.
export default async function SharesPage() {
  const caller = await requestIdentity();
  if (!caller) throw new Error('the access check lets only accounts reach this page');
  const { shares, all } = await listSharesOf(caller);
  return (
    <>
      <p>
        <Link href="/">← All studies</Link>
      </p>
      <h1>{all ? 'All share links' : 'Your share links'}</h1>
      <p className="muted">
        A link opens for anyone who has it, signed in or not, and shows only the data pinned when it was made.
        {accessMode().mode === 'server' &&
          (all ? ' As an admin you can delete any of them.' : ' You can delete your own.')}
      </p>
      <ShareList initial={shares} showOwner={all} />
    </>
  );
}
