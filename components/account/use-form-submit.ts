'use client';

import { useState } from 'react';
import { readError } from '@/lib/client/api-error';

/** A form's submit: busy while it runs, the error in plain words when it fails. */
export function useFormSubmit(action: (form: FormData) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await action(new FormData(event.currentTarget));
    } catch (failure) {
      setError(readError(failure).message);
      setBusy(false);
    }
  }
  return { busy, error, onSubmit };
}
