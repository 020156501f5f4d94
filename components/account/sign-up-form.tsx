'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { signUp } from '@/lib/client/account-api';
import { FormError } from './form-error';
import { TextField } from './text-field';
import { useFormSubmit } from './use-form-submit';

/** Name, email and password (with the invite from the link, when there is one). */
export function SignUpForm({ invite, email, firstAccount = false }: { invite?: string; email?: string | null; firstAccount?: boolean }) {
  const router = useRouter();
  const { busy, error, onSubmit } = useFormSubmit(async (form) => {
    await signUp({ name: String(form.get('name') ?? ''), email: String(form.get('email') ?? ''), password: String(form.get('password') ?? ''), invite });
    router.replace('/');
    router.refresh();
  });
  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} data-testid="sign-up-form">
      <TextField label="Name" name="name" autoComplete="name" required maxLength={100} autoFocus />
      <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={email ?? undefined} readOnly={Boolean(email)} />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required minLength={10} maxLength={200} hint="At least 10 characters." />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy && <Spinner />}
        Create account
      </Button>
      {!firstAccount && (
        <p className="text-xs text-muted-foreground">
          Already have an account? <Link className="underline" href="/sign-in">Sign in</Link>
        </p>
      )}
    </form>
  );
}
