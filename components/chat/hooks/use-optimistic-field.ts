'use client';

import { useCallback, useRef, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { readError } from '@/lib/client/api-error';

/**
 * A session field the UI changes at once and the server confirms (the model,
 * the permission mode): on failure the old value comes back with a toast.
 */
export function useOptimisticField<T>(initial: T, save: (value: T) => Promise<void>, failureTitle: string): [T, (value: T) => Promise<void>] {
  const [value, setValue] = useState(initial);
  const current = useRef(initial);
  const change = useCallback(
    async (next: T) => {
      const previous = current.current;
      current.current = next;
      setValue(next);
      try {
        await save(next);
      } catch (failure) {
        current.current = previous;
        setValue(previous);
        toast.error(failureTitle, { description: readError(failure).message });
      }
    },
    [save, failureTitle],
  );
  return [value, change];
}
