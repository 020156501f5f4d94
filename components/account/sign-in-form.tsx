'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { signIn } from '@/lib/client/account-api';
import { FormError } from './form-error';
import { TextField } from './text-field';
import { useFormSubmit } from './use-form-submit';

/** Email and password; on success the app again, its server components re-read with the new session. */
export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const { busy, error, onSubmit } = useFormSubmit(async (form) => {
    await signIn(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
    router.replace(next);
    router.refresh();
  });
  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} data-testid="sign-in-form">
      <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy && <Spinner />}
        Sign in
      </Button>
      <p className="text-xs text-muted-foreground">
        Forgot your password? Ask an administrator for a reset link. New here? You need an <Link className="underline" href="/sign-up">invite link</Link>.
      </p>
    </form>
  );
}
