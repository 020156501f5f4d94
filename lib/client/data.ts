'use client';

import { useEffect, useRef } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import type { ContextReport, McpServerView, RunStep, RunSummary, SessionSummary, ShareView, WorkspaceFileContent, WorkspaceListing } from '@/lib/api-types';
import { fetchContext, fetchGrants, fetchRuns, fetchRunSteps, fetchSessions, fetchWorkspaceFile, fetchWorkspaceFiles } from '@/lib/client/api';
import { fetchMcpServers } from '@/lib/client/mcp-api';
import { fetchShares } from '@/lib/client/share-api';

/**
 * What the browser reads from the API, through SWR: one cache entry per key,
 * so two components asking for the same thing share one request, and every
 * list revalidates when the tab regains focus. Each hook names its key here,
 * so a write can update (or revalidate) exactly the entry it changed.
 */
const dataKeys = {
  sessions: ['sessions'] as const,
  grants: (sessionId: string) => ['grants', sessionId] as const,
  runs: (sessionId: string) => ['runs', sessionId] as const,
  runSteps: (runId: string) => ['run-steps', runId] as const,
  files: (sessionId: string) => ['files', sessionId] as const,
  file: (sessionId: string, path: string) => ['file', sessionId, path] as const,
  context: (sessionId: string, modelKey: string) => ['context', sessionId, modelKey] as const,
  mcpServers: ['mcp-servers'] as const,
  shares: (sessionId: string) => ['shares', sessionId] as const,
};

/** Reads the entry again whenever `version` changes after the first render (a run ended, a grant was added …). */
function useRevalidateOn(version: unknown, mutate: () => Promise<unknown>) {
  const first = useRef(version);
  useEffect(() => {
    if (Object.is(first.current, version)) return;
    first.current = version;
    void mutate();
  }, [version, mutate]);
}

export function useSessionList(initial: SessionSummary[], options: SWRConfiguration<SessionSummary[]> = {}) {
  // The page rendered the list on the server: no second read on mount.
  return useSWR(dataKeys.sessions, () => fetchSessions(), { fallbackData: initial, revalidateOnMount: false, ...options });
}

export function useGrants(sessionId: string, { enabled, version }: { enabled: boolean; version: number }) {
  const swr = useSWR(enabled ? dataKeys.grants(sessionId) : null, ([, id]) => fetchGrants(id));
  useRevalidateOn(version, swr.mutate);
  return swr;
}

/** Newest first. */
export function useRuns(sessionId: string, { enabled, version }: { enabled: boolean; version: number }) {
  const swr = useSWR(enabled ? dataKeys.runs(sessionId) : null, async ([, id]): Promise<RunSummary[]> => [...(await fetchRuns(id))].sort((a, b) => b.startedAt - a.startedAt));
  useRevalidateOn(version, swr.mutate);
  return swr;
}

export function useRunSteps(runId: string, version: number) {
  const swr = useSWR(dataKeys.runSteps(runId), ([, id]): Promise<RunStep[]> => fetchRunSteps(id));
  useRevalidateOn(version, swr.mutate);
  return swr;
}

export function useWorkspaceFiles(sessionId: string, { enabled, version }: { enabled: boolean; version: string }) {
  const swr = useSWR(enabled ? dataKeys.files(sessionId) : null, ([, id]): Promise<WorkspaceListing> => fetchWorkspaceFiles(id));
  useRevalidateOn(version, swr.mutate);
  return swr;
}

export function useWorkspaceFile(sessionId: string, path: string | undefined, version: string) {
  const swr = useSWR(path ? dataKeys.file(sessionId, path) : null, ([, id, filePath]): Promise<WorkspaceFileContent> => fetchWorkspaceFile(id, filePath));
  useRevalidateOn(version, swr.mutate);
  return swr;
}

/** The modelKey is part of the key: the window, and so the figures, depend on the model. */
export function useContextReport(sessionId: string, modelKey: string, version: number) {
  const swr = useSWR(dataKeys.context(sessionId, modelKey), ([, id]): Promise<ContextReport> => fetchContext(id));
  useRevalidateOn(version, swr.mutate);
  return swr;
}

export function useMcpServers() {
  return useSWR(dataKeys.mcpServers, (): Promise<McpServerView[]> => fetchMcpServers());
}

/** The session's share links, newest first, revoked ones included. */
export function useShares(sessionId: string, { enabled }: { enabled: boolean }) {
  return useSWR(enabled ? dataKeys.shares(sessionId) : null, ([, id]): Promise<ShareView[]> => fetchShares(id));
}
