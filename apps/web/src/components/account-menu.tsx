'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { authClient } from '@/lib/auth/auth-client';
import { useCaller } from './caller-context';

/** The header's account corner: who is signed in, with a sign-out; local mode says whose it is. */
export function AccountMenu() {
  const caller = useCaller();
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  if (caller.mode === 'local') {
    return (
      <span className="account">
        <Link href="/shares">Share links</Link>
        <span title="no sign-in: this machine's user owns the app">local mode</span>
      </span>
    );
  }
  if (!caller.email)
    return (
      <a className="account" href="/sign-in">
        Sign in
      </a>
    );
  const signOut = async () => {
    setBusy(true);
    await authClient.signOut();
    router.push('/sign-in');
    router.refresh(); // the header and every page re-render for nobody
  };
  return (
    <span className="account">
      <Link href="/shares">Share links</Link>
      <span data-testid="signed-in-as">
        {caller.email} <span className="role-badge">{caller.role}</span>
      </span>
      <button type="button" className="link-button" onClick={() => void signOut()} disabled={busy}>
        Sign out
      </button>
    </span>
  );
}
