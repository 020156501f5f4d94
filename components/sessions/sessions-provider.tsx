'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { SessionSummary } from '@/lib/api-types';
import { fetchSessions } from '@/lib/client/api';

/** While any session runs, re-read the list this often so spinners and auto-titles stay current. */
const RUNNING_POLL_MS = 3000;

interface SessionsContextValue {
  sessions: SessionSummary[];
  refresh: () => Promise<void>;
  /** Insert or replace one session (after create, rename or a model change). */
  upsert: (session: SessionSummary) => void;
  /** Optimistic local change, e.g. `running: true` the moment a run starts. */
  patch: (id: string, change: Partial<SessionSummary>) => void;
  remove: (id: string) => void;
}

const SessionsContext = createContext<SessionsContextValue | null>(null);

function newestFirst(a: SessionSummary, b: SessionSummary) {
  return b.updatedAt - a.updatedAt || b.createdAt - a.createdAt;
}

export function SessionsProvider({ initialSessions, children }: { initialSessions: SessionSummary[]; children: React.ReactNode }) {
  const [sessions, setSessions] = useState(initialSessions);

  const refresh = useCallback(async () => {
    try {
      setSessions(await fetchSessions());
    } catch {
      // keep the last known list; the next refresh will try again
    }
  }, []);

  const upsert = useCallback((session: SessionSummary) => {
    setSessions((list) => [session, ...list.filter((s) => s.id !== session.id)].sort(newestFirst));
  }, []);

  const patch = useCallback((id: string, change: Partial<SessionSummary>) => {
    setSessions((list) => list.map((s) => (s.id === id ? { ...s, ...change } : s)).sort(newestFirst));
  }, []);

  const remove = useCallback((id: string) => {
    setSessions((list) => list.filter((s) => s.id !== id));
  }, []);

  const anyRunning = sessions.some((s) => s.running);
  useEffect(() => {
    if (!anyRunning) return;
    const timer = setInterval(refresh, RUNNING_POLL_MS);
    return () => clearInterval(timer);
  }, [anyRunning, refresh]);

  useEffect(() => {
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refresh]);

  const value = useMemo(() => ({ sessions, refresh, upsert, patch, remove }), [sessions, refresh, upsert, patch, remove]);
  return <SessionsContext.Provider value={value}>{children}</SessionsContext.Provider>;
}

export function useSessions(): SessionsContextValue {
  const value = useContext(SessionsContext);
  if (!value) throw new Error('useSessions must be used inside <SessionsProvider>');
  return value;
}
