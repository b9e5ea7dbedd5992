import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AccountMenu } from '@/components/account-menu';
import { CallerProvider } from '@/components/caller-context';
import { accessMode } from '@/env';
import { EMBED_HEADER } from '@/lib/share/embed';
import { callerOf, requestIdentity } from '@/server/identity';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Frontier Explorer', template: '%s · Frontier Explorer' },
  description: 'Correctness/efficiency frontiers of weight-averaged code models',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Who is asking, as the proxy's access check found it: pages hide the controls their role may not use.
  const caller = callerOf(await requestIdentity(), accessMode().mode);
  // A share's embed, framed by another site: the view alone (the proxy marks it, see lib/share/embed.ts).
  const embed = (await headers()).get(EMBED_HEADER) === '1';
  return (
    <html lang="en">
      <body className={embed ? 'embed' : undefined}>
        <CallerProvider caller={caller}>
          {!embed && (
            <header className="site-header">
              <Link href="/" className="brand">
                Frontier Explorer
              </Link>
              <span className="tagline">correctness vs. optimization failures across alpha</span>
              <AccountMenu />
            </header>
          )}
          <main className={embed ? 'page page-embed' : 'page'}>
            <Providers>{children}</Providers>
          </main>
        </CallerProvider>
      </body>
    </html>
  );
}
