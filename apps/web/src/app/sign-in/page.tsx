import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SignInForm } from '@/components/sign-in-form';
import { accessMode } from '@/env';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (accessMode().mode !== 'server') notFound(); // local mode has no accounts
  const next = (await searchParams).next;
  // Only a path of this app: never an absolute URL someone put in a link (an open redirect).
  const back = typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : '/';
  return <SignInForm next={back} />;
}
