import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AccountMenu } from '@/components/account-menu';
import { CallerProvider } from '@/components/caller-context';
import { accessMode } from '@/env';
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
  return (
    <html lang="en">
      <body>
        <CallerProvider caller={caller}>
          <header className="site-header">
            <Link href="/" className="brand">
              Frontier Explorer
            </Link>
            <span className="tagline">correctness vs. optimization failures across alpha</span>
            <AccountMenu />
          </header>
          <main className="page">
            <Providers>{children}</Providers>
          </main>
        </CallerProvider>
      </body>
    </html>
  );
}
