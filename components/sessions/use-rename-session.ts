'use client';

import { useCallback } from 'react';
import { toast } from '@/lib/client/toast';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import { updateSession } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';

/** Renames optimistically and rolls back (with a toast) when the server refuses. */
export function useRenameSession() {
  const { patch, upsert } = useSessionActions();
  return useCallback(
    async (id: string, title: string, previousTitle: string) => {
      patch(id, { title });
      try {
        upsert(await updateSession(id, { title }));
        return true;
      } catch (error) {
        patch(id, { title: previousTitle });
        toast.error('Could not rename the session', { description: readError(error).message });
        return false;
      }
    },
    [patch, upsert],
  );
}
