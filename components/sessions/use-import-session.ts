'use client';

import { useCallback, useState } from 'react';
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import { importSession } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import { readImportFile } from '@/lib/client/import-file';

/**
 * Imports a session export (a file picked or dropped): reads and parses it,
 * posts it, then shows the new session in the sidebar and opens it. A refused
 * file only toasts why; nothing else changes.
 */
export function useImportSession({ onImported }: { onImported?: () => void } = {}) {
  const { upsert } = useSessionActions();
  const router = useRouter();
  const [pending, setPending] = useState(0);

  const importFile = useCallback(
    async (file: File) => {
      setPending((n) => n + 1);
      try {
        const session = await importSession(await readImportFile(file));
        upsert(session);
        onImported?.();
        router.push(`/s/${session.id}`);
        toast.success(`Imported “${session.title}”`);
      } catch (error) {
        toast.error('Could not import the session', { description: readError(error).message });
      } finally {
        setPending((n) => n - 1);
      }
    },
    [upsert, router, onImported],
  );

  return { importFile, importing: pending > 0 };
}
