'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import type { SessionSummary } from '@/lib/api-types';
import { useSessionList } from '@/lib/client/data';
import { createLiveContext } from '@/lib/client/live-context';
import { useLatestCallback } from '@/lib/client/use-latest-callback';

/** While any session runs, re-read the list this often so spinners and auto-titles stay current. */
const RUNNING_POLL_MS = 3000;

interface SessionActions {
  refresh: () => Promise<void>;
  /** Insert or replace one session (after create, rename or a model change). */
  upsert: (session: SessionSummary) => void;
  /** Optimistic local change, e.g. `running: true` the moment a run starts. */
  patch: (id: string, change: Partial<SessionSummary>) => void;
  remove: (id: string) => void;
}

interface SessionsContextValue extends SessionActions {
  sessions: SessionSummary[];
}

// Live: the list changes at every Send (the session runs), and the provider sits above every page (live-context.tsx).
const SessionListContext = createLiveContext<SessionSummary[] | null>('Sessions', null);
/**
 * The functions alone, which never change: most readers only write to the list (upsert after a create, patch at a
 * run's start), and reading them from the list's context rendered them again at every change of it (the sidebar, with
 * its buttons, tooltips and theme toggle, at every Send and run end, and at every poll while a session ran).
 */
const SessionActionsContext = createContext<SessionActions | null>(null);

function newestFirst(a: SessionSummary, b: SessionSummary) {
  return b.updatedAt - a.updatedAt || b.createdAt - a.createdAt;
}

/**
 * The sidebar's session list, shared by every view. It lives in the SWR cache
 * (lib/client/data.ts): re-read when the tab regains focus and, while any
 * session runs, every few seconds; local changes apply at once without a read.
 */
export function SessionsProvider({ initialSessions, children }: { initialSessions: SessionSummary[]; children: React.ReactNode }) {
  const anyRunningRef = useRef(initialSessions.some((s) => s.running));
  const { data, mutate } = useSessionList(initialSessions, { refreshInterval: () => (anyRunningRef.current ? RUNNING_POLL_MS : 0) });
  const sessions = useMemo(() => [...(data ?? initialSessions)].sort(newestFirst), [data, initialSessions]);
  useEffect(() => {
    anyRunningRef.current = sessions.some((s) => s.running);
  }, [sessions]);

  // Of stable identity, whatever the layout hands down again (a refresh gives a new initialSessions): the functions'
  // context is a plain one, and a new value there would reach every reader below, hydrating or not (live-context.tsx).
  const refresh = useLatestCallback(async () => {
    // A failed read keeps the last known list; the next refresh tries again.
    await mutate().catch(() => undefined);
  });

  // Until the first read the cache is empty and the server-rendered list is the current one.
  const change = useLatestCallback(
    (update: (list: SessionSummary[]) => SessionSummary[]) => void mutate((list) => update(list ?? initialSessions), { revalidate: false }),
  );
  const upsert = useCallback((session: SessionSummary) => change((list) => [session, ...list.filter((s) => s.id !== session.id)]), [change]);
  const patch = useCallback(
    (id: string, update: Partial<SessionSummary>) => change((list) => list.map((s) => (s.id === id ? { ...s, ...update } : s))),
    [change],
  );
  const remove = useCallback((id: string) => change((list) => list.filter((s) => s.id !== id)), [change]);

  const actions = useMemo(() => ({ refresh, upsert, patch, remove }), [refresh, upsert, patch, remove]);
  return (
    <SessionActionsContext.Provider value={actions}>
      <SessionListContext.Provider value={sessions}>{children}</SessionListContext.Provider>
    </SessionActionsContext.Provider>
  );
}

/** The list and its functions: renders again whenever the list changes. */
export function useSessions(): SessionsContextValue {
  const actions = useSessionActions();
  const sessions = SessionListContext.useValue();
  if (!sessions) throw new Error('useSessions must be used inside <SessionsProvider>');
  return useMemo(() => ({ sessions, ...actions }), [sessions, actions]);
}

/** refresh, upsert, patch and remove, for readers that change the list without showing it: stable. */
export function useSessionActions(): SessionActions {
  const actions = useContext(SessionActionsContext);
  if (!actions) throw new Error('useSessionActions must be used inside <SessionsProvider>');
  return actions;
}
