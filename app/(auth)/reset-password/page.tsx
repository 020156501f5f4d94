import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/account/auth-card';
import { ResetPasswordForm } from '@/components/account/reset-password-form';
import { authPageRedirect } from '@/lib/server/accounts';

export const metadata: Metadata = { title: 'Set a new password', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const target = await authPageRedirect(await headers(), 'reset-password');
  if (target) redirect(target);
  const token = (await searchParams).token;
  if (typeof token !== 'string' || !token) {
    return (
      <AuthCard title="This reset link is incomplete" description="Ask an administrator for a new password-reset link.">
        <Link className="text-sm underline" href="/sign-in">
          Sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set a new password">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
