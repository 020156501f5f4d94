import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/account/auth-card';
import { SignUpForm } from '@/components/account/sign-up-form';
import { authPageRedirect, signUpState } from '@/lib/server/accounts';

export const metadata: Metadata = { title: 'Create account' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ invite?: string | string[] }> };

export default async function SignUpPage({ searchParams }: Props) {
  const target = await authPageRedirect(await headers(), 'sign-up');
  if (target) redirect(target);
  const raw = (await searchParams).invite;
  const invite = typeof raw === 'string' && /^[A-Za-z0-9_-]{16,100}$/.test(raw) ? raw : undefined;
  const state = await signUpState(invite);
  if (state.firstAccount) {
    return (
      <AuthCard title="Create the administrator account" description="This is the first account on this server: it can invite others and manage keys.">
        <SignUpForm firstAccount />
      </AuthCard>
    );
  }
  if (state.inviteValid || state.open) {
    return (
      <AuthCard title="Create your account" description={state.inviteValid ? 'You were invited to this Agent Playground.' : undefined}>
        <SignUpForm invite={state.inviteValid ? invite : undefined} email={state.inviteValid ? state.inviteEmail : null} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={invite ? 'This invite link no longer works' : 'Sign-up is by invitation'}
      description={invite ? 'It was used already, revoked or expired. Ask an administrator for a new one.' : 'Ask an administrator of this server for an invite link.'}
    >
      <Link className="text-sm underline" href="/sign-in" data-testid="sign-up-closed">
        Sign in instead
      </Link>
    </AuthCard>
  );
}
