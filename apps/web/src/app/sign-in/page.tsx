import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SignInForm } from '@/components/sign-in-form';
import { accessMode } from '@/env';
import { safeNextPath } from '@/lib/auth/next-path';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (accessMode().mode !== 'server') notFound(); // local mode has no accounts
  // Only a path of this app: never another site someone put in a link (an open redirect).
  return <SignInForm next={safeNextPath((await searchParams).next)} />;
}
