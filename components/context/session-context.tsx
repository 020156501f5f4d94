'use client';

import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import type { ContextNotice } from '@/lib/agent/messages';
import type { CompactionResponse, ContextReport } from '@/lib/api-types';
import { compactSession, createSession, fetchContext, setMessagePinned, undoCompaction } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import { useContextReport } from '@/lib/client/data';
import { createLiveContext } from '@/lib/client/live-context';
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

// Live contexts (lib/client/live-context.tsx): the value changes when a run starts and ends and with every report,
// and the provider sits above every loaded message.
const SessionContext = createLiveContext<SessionContextValue | null>('Session', null);
type Pins = Pick<SessionContextValue, 'pinned' | 'togglePin'>;
const PinsContext = createLiveContext<Pins | null>('Pins', null);
type Compactions = ContextReport['compactions'];
const NO_COMPACTIONS: Compactions = [];
const CompactionsContext = createLiveContext<Compactions>('Compactions', NO_COMPACTIONS);

/**
 * The pins have a context of their own: the whole value changes when a run starts or ends and when the report
 * arrives, and every loaded message has a pin button; they render again only when the pins change.
 */
export function SessionContextProvider({ value, children }: { value: SessionContextValue | null; children: React.ReactNode }) {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  // Every report is a new set (and a new toggle): the same pins keep their value.
  const pinsKey = value ? [...value.pinned].sort().join('\n') : null;
  const pins = useMemo(
    (): Pins | null =>
      pinsKey === null ? null : { pinned: new Set(pinsKey ? pinsKey.split('\n') : []), togglePin: (messageId: string) => latest.current?.togglePin(messageId) ?? Promise.resolve() },
    [pinsKey],
  );
  // The compactions too: every loaded message draws its dividers, and a run's start or end (`running`, a new report)
  // must not render every row again when the compactions stayed the same.
  const compactions = value?.report?.compactions;
  const compactionsKey = compactions ? JSON.stringify(compactions.map((c) => [c.id, c.record.afterMessageId, c.undoneAt, c.active])) : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on what the dividers show, not on the array's identity
  const stableCompactions = useMemo(() => compactions ?? [], [compactionsKey]);
  return (
    <SessionContext.Provider value={value}>
      <PinsContext.Provider value={pins}>
        <CompactionsContext.Provider value={stableCompactions}>{children}</CompactionsContext.Provider>
      </PinsContext.Provider>
    </SessionContext.Provider>
  );
}

/** The session's compactions (empty outside a session); a new value only when one is made, undone or redone. */
export function useCompactions(): Compactions {
  return CompactionsContext.useValue();
}

export function useSessionContext(): SessionContextValue | null {
  return SessionContext.useValue();
}

/** The pinned messages and the toggle (null outside a session). */
export function usePins(): Pins | null {
  return PinsContext.useValue();
}

export function useSessionContextState({
  sessionId,
  modelKey,
  running,
  refreshKey,
  live,
}: {
  sessionId: string;
  modelKey: string;
  running: boolean;
  /** Changes when a run ended or compacted: the meter reads the server's figure again. */
  refreshKey: number;
  /** The running run's latest budget check: the meter shows it over the last report (usage and cost wait for the run's end). */
  live: ContextNotice | null;
}): SessionContextValue {
  const router = useRouter();
  const { data, mutate } = useContextReport(sessionId, modelKey, refreshKey);
  // The newer of the two is shown: a budget check drawn over the report it arrived on, until a read lands after it.
  // (Not written into SWR's cache: a mutation there would make SWR drop a read already under way, such as the one a
  // compaction started, and its dividers with it.)
  const [overlay, setOverlay] = useState<{ notice: ContextNotice; over: ContextReport | undefined } | null>(null);
  if (live !== (overlay?.notice ?? null)) setOverlay(live ? { notice: live, over: data } : null);
  // The meter keeps its last figure when a read fails; the next refresh tries again.
  const report = useMemo(() => (data && overlay?.over === data ? { ...data, ...overlay.notice } : (data ?? null)), [data, overlay]);
  const [compacting, setCompacting] = useState(false);
  // The warn-threshold notice is ContextNotice, above the composer: a toast would cover Send.
  const apply = useCallback((next: ContextReport) => void mutate(next, { revalidate: false }), [mutate]);
  const refresh = useCallback(() => void mutate(), [mutate]);
  const pinned = useMemo<ReadonlySet<string>>(() => new Set(report?.pinned ?? []), [report]);

  // The pin shows at once; a refused change takes it back. The pinned marker is the confirmation;
  // a toast would only cover the composer.
  const togglePin = useCallback(
    async (messageId: string) => {
      const next = !pinned.has(messageId);
      const optimistic = report && { ...report, pinned: next ? [...report.pinned, messageId] : report.pinned.filter((id: string) => id !== messageId) };
      try {
        await mutate(
          setMessagePinned(sessionId, messageId, next).then(() => fetchContext(sessionId)),
          optimistic ? { optimisticData: optimistic, rollbackOnError: true, revalidate: false } : { revalidate: false },
        );
      } catch (failure) {
        toast.error(next ? 'Could not pin the message' : 'Could not unpin the message', { description: readError(failure).message });
      }
    },
    [pinned, report, mutate, sessionId],
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
