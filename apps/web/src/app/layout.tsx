import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Frontier Explorer', template: '%s · Frontier Explorer' },
  description: 'Correctness/efficiency frontiers of weight-averaged code models',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <Link href="/" className="brand">
            Frontier Explorer
          </Link>
          <span className="tagline">correctness vs. optimization failures across alpha</span>
        </header>
        <main className="page">
          <Providers>{children}</Providers>
        </main>
      </body>
    </html>
  );
}
