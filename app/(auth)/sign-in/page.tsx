import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/account/auth-card';
import { SignInForm } from '@/components/account/sign-in-form';
import { authPageRedirect } from '@/lib/server/accounts';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ next?: string | string[] }> };

/** Only a path on this site: never an open redirect. */
function safeNext(value: string | string[] | undefined): string {
  const next = typeof value === 'string' ? value : '/';
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

export default async function SignInPage({ searchParams }: Props) {
  const target = await authPageRedirect(await headers(), 'sign-in');
  if (target) redirect(target);
  return (
    <AuthCard title="Sign in" description="Welcome back.">
      <SignInForm next={safeNext((await searchParams).next)} />
    </AuthCard>
  );
}
