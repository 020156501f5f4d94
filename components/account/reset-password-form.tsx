'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { resetPassword } from '@/lib/client/account-api';
import { ApiRequestError } from '@/lib/client/api-error';
import { FormError } from './form-error';
import { TextField } from './text-field';
import { useFormSubmit } from './use-form-submit';

/** A new password for the account the admin's link names; every other signed-in browser is signed out. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const { busy, error, onSubmit } = useFormSubmit(async (form) => {
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) throw new ApiRequestError('The two passwords are not the same.', 400, 'bad_request');
    await resetPassword(token, password);
    setDone(true);
  });
  if (done) {
    return (
      <div className="flex flex-col gap-4" data-testid="reset-done">
        <p className="text-sm">Your password is changed. Other browsers signed in to your account were signed out.</p>
        <Button asChild>
          <Link href="/sign-in">Sign in</Link>
        </Button>
      </div>
    );
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} data-testid="reset-form">
      <TextField label="New password" name="password" type="password" autoComplete="new-password" required minLength={10} maxLength={200} autoFocus hint="At least 10 characters." />
      <TextField label="Repeat it" name="confirm" type="password" autoComplete="new-password" required minLength={10} maxLength={200} />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy && <Spinner />}
        Set password
      </Button>
    </form>
  );
}
