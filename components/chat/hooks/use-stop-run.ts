'use client';

import { useCallback, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import { stopSessionRun } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';

/**
 * Stop is a server command: it aborts the run and saves the partial answer.
 * `closeStream` ends this tab's stream; then the saved transcript replaces
 * the streamed one.
 */
export function useStopRun(input: { sessionId: string; closeStream: () => Promise<void>; syncFromServer: () => Promise<void>; onStopped: () => void }) {
  const { sessionId, closeStream, syncFromServer, onStopped } = input;
  const { patch } = useSessionActions();
  const [stopping, setStopping] = useState(false);

  const stop = useCallback(async () => {
    setStopping(true);
    const serverStop = stopSessionRun(sessionId).catch((failure) => {
      toast.error('Could not stop the run', { description: readError(failure).message });
      return false;
    });
    await closeStream();
    await serverStop;
    await syncFromServer();
    patch(sessionId, { running: false });
    setStopping(false);
    onStopped();
  }, [sessionId, closeStream, syncFromServer, patch, onStopped]);

  return { stopping, stop: stopping ? noop : stop };
}

async function noop() {}
