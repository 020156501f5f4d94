'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import type { CompactionResponse, ContextReport } from '@/lib/api-types';
import { compactSession, createSession, fetchContext, setMessagePinned, undoCompaction } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import { storePendingMessage } from '@/lib/client/pending-message';

/**
 * The session's context as the server measures it (GET /api/sessions/:id/context),
 * and the user's levers on it: pin, /compact, undo, a new session from a summary.
 * Components outside a session (no provider) get null and render nothing.
 */

export interface SessionContextValue {
  sessionId: string;
  report: ContextReport | null;
  /** Reads the server's figure again (after a step, a run, a pin). */
  refresh(): void;
  pinned: ReadonlySet<string>;
  togglePin(messageId: string): Promise<void>;
  compact(focus?: string): Promise<CompactionResponse | undefined>;
  compacting: boolean;
  undo(compactionId: string): Promise<void>;
  newSessionFromSummary(): Promise<void>;
  /** A run is active: compaction and undo wait for it. */
  running: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export const SessionContextProvider = SessionContext.Provider;

export function useSessionContext(): SessionContextValue | null {
  return useContext(SessionContext);
}

export function useSessionContextState({
  sessionId,
  modelKey,
  running,
  refreshKey,
}: {
  sessionId: string;
  modelKey: string;
  running: boolean;
  /** Changes when a run ended: the meter reads the server's figure again. */
  refreshKey: number;
}): SessionContextValue {
  const router = useRouter();
  const [report, setReport] = useState<ContextReport | null>(null);
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  const [compacting, setCompacting] = useState(false);
  const [version, setVersion] = useState(0);
  // The warn-threshold notice is ContextNotice, above the composer: a toast would cover Send.
  const apply = useCallback((next: ContextReport) => {
    setReport(next);
    setPinned(new Set(next.pinned));
  }, []);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let cancelled = false;
    fetchContext(sessionId).then(
      (next) => !cancelled && apply(next),
      // the meter keeps its last figure; the next refresh tries again
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [apply, sessionId, modelKey, version, refreshKey]);

  const togglePin = useCallback(
    async (messageId: string) => {
      const next = !pinned.has(messageId);
      setPinned((current) => {
        const copy = new Set(current);
        if (next) copy.add(messageId);
        else copy.delete(messageId);
        return copy;
      });
      try {
        // The pinned marker is the confirmation; a toast would only cover the composer.
        await setMessagePinned(sessionId, messageId, next);
      } catch (failure) {
        toast.error(next ? 'Could not pin the message' : 'Could not unpin the message', { description: readError(failure).message });
      }
      refresh();
    },
    [pinned, refresh, sessionId],
  );

  const compact = useCallback(
    async (focus?: string) => {
      setCompacting(true);
      try {
        const result = await compactSession(sessionId, focus);
        // The divider in the transcript is the confirmation; only problems get a toast.
        apply(result.context);
        if (result.warning) toast.warning(result.warning);
        return result;
      } catch (failure) {
        toast.error('Could not compact the context', { description: readError(failure).message });
        return undefined;
      } finally {
        setCompacting(false);
      }
    },
    [apply, sessionId],
  );

  const undo = useCallback(
    async (compactionId: string) => {
      try {
        const result = await undoCompaction(sessionId, compactionId);
        apply(result.context);
        if (result.warning) toast.warning('Compaction undone, but the context no longer fits', { description: result.warning });
      } catch (failure) {
        toast.error('Could not undo the compaction', { description: readError(failure).message });
      }
    },
    [apply, sessionId],
  );

  const newSessionFromSummary = useCallback(async () => {
    const result = await compact();
    const summary = result?.compaction?.record.summary ?? result?.context.compactions.find((c) => c.active)?.record.summary;
    if (!summary) {
      toast.error('No summary to start from', { description: result?.warning ?? 'This session has nothing to summarize yet.' });
      return;
    }
    try {
      const session = await createSession({ modelKey });
      storePendingMessage(session.id, `Continue the work from a previous session. Its summary:\n\n${summary}`);
      router.push(`/s/${session.id}`);
    } catch (failure) {
      toast.error('Could not start a new session', { description: readError(failure).message });
    }
  }, [compact, modelKey, router]);

  return useMemo(
    () => ({ sessionId, report, refresh, pinned, togglePin, compact, compacting, undo, newSessionFromSummary, running }),
    [sessionId, report, refresh, pinned, togglePin, compact, compacting, undo, newSessionFromSummary, running],
  );
}
