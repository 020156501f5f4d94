import type {
  CompactionResponse,
  ContextReport,
  MessagePage,
  RunStep,
  RunSummary,
  SessionDetail,
  SessionSummary,
  ToolGrant,
  TranscriptSearchHit,
  WorkspaceFileContent,
  WorkspaceListing,
} from '@/lib/api-types';
import type { PermissionMode } from '@/lib/permissions/policy';
import { ApiRequestError, parseErrorBody } from './api-error';
import { reportServerReached } from './connectivity';

/** Typed fetchers for the HTTP API. Every failure becomes an ApiRequestError with the server's own message. */

function isWrite(method: string | undefined): boolean {
  return method !== undefined && !['GET', 'HEAD'].includes(method.toUpperCase());
}

export async function request<T>(url: string, init?: RequestInit & { json?: unknown }): Promise<T> {
  const { json, ...rest } = init ?? {};
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      // Every write is JSON, with or without a body: the server refuses other writes (415).
      headers: json !== undefined || isWrite(rest.method) ? { 'content-type': 'application/json', ...rest.headers } : rest.headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
      cache: 'no-store',
    });
  } catch {
    reportServerReached(false);
    throw new ApiRequestError('Could not reach the server. Check that it is running, then try again.', 0, 'network');
  }
  reportServerReached(true);
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const parsed = parseErrorBody(body);
    throw new ApiRequestError(parsed?.message ?? `Request failed (${response.status}).`, response.status, parsed?.code);
  }
  return body as T;
}

export async function fetchSessions(): Promise<SessionSummary[]> {
  return (await request<{ sessions: SessionSummary[] }>('/api/sessions')).sessions;
}

/** The session; with `limit`, only the last page of its transcript (see lib/api/transcript-page.ts). */
export async function fetchSession(id: string, options: { limit?: number } = {}): Promise<SessionDetail> {
  const query = options.limit === undefined ? '' : `?limit=${options.limit}`;
  return (await request<{ session: SessionDetail }>(`/api/sessions/${encodeURIComponent(id)}${query}`)).session;
}

/** The page of the shown branch just before `before`; with `from`, reaching back to that message. */
export async function fetchEarlierMessages(id: string, before: string, options: { from?: string } = {}): Promise<MessagePage> {
  const query = new URLSearchParams({ before, ...(options.from ? { from: options.from } : {}) });
  return (await request<{ page: MessagePage }>(`/api/sessions/${encodeURIComponent(id)}/history?${query}`)).page;
}

/** Messages of the shown branch, loaded or not, whose text contains `q`. */
export async function searchTranscript(id: string, q: string, signal?: AbortSignal): Promise<TranscriptSearchHit[]> {
  return (await request<{ hits: TranscriptSearchHit[] }>(`/api/sessions/${encodeURIComponent(id)}/search?${new URLSearchParams({ q })}`, { signal })).hits;
}

export async function createSession(input: { modelKey?: string; title?: string } = {}): Promise<SessionSummary> {
  return (await request<{ session: SessionSummary }>('/api/sessions', { method: 'POST', json: input })).session;
}

export async function updateSession(
  id: string,
  patch: { title?: string; modelKey?: string; permissionMode?: PermissionMode; settings?: Record<string, unknown> },
): Promise<SessionSummary> {
  return (await request<{ session: SessionSummary }>(`/api/sessions/${encodeURIComponent(id)}`, { method: 'PATCH', json: patch })).session;
}

/** Where the browser downloads a session: the whole session as JSON (importable again) or its transcript as Markdown. */
export function exportUrl(sessionId: string, format: 'json' | 'markdown'): string {
  return `/api/sessions/${encodeURIComponent(sessionId)}/export?format=${format}`;
}

/** Creates a session from an export's parsed JSON (see readImportFile); the server validates it. */
export async function importSession(content: unknown): Promise<SessionSummary> {
  return (await request<{ session: SessionSummary }>('/api/sessions/import', { method: 'POST', json: content })).session;
}

export async function deleteSession(id: string): Promise<void> {
  await request<{ ok: true }>(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Aborts the run on the server; answers once the partial reply is saved. */
export async function stopSessionRun(id: string): Promise<boolean> {
  return (await request<{ stopped: boolean }>(`/api/sessions/${encodeURIComponent(id)}/stop`, { method: 'POST' })).stopped;
}

export async function fetchRuns(sessionId: string): Promise<RunSummary[]> {
  return (await request<{ runs: RunSummary[] }>(`/api/sessions/${encodeURIComponent(sessionId)}/runs`)).runs;
}

export async function fetchRunSteps(runId: string): Promise<RunStep[]> {
  return (await request<{ steps: RunStep[] }>(`/api/runs/${encodeURIComponent(runId)}/steps`)).steps;
}

export async function fetchGrants(sessionId: string): Promise<ToolGrant[]> {
  return (await request<{ grants: ToolGrant[] }>(`/api/sessions/${encodeURIComponent(sessionId)}/grants`)).grants;
}

export async function revokeGrant(sessionId: string, grantId: string): Promise<void> {
  await request<{ ok: true }>(`/api/sessions/${encodeURIComponent(sessionId)}/grants/${encodeURIComponent(grantId)}`, { method: 'DELETE' });
}

export async function fetchWorkspaceFiles(sessionId: string): Promise<WorkspaceListing> {
  return request<WorkspaceListing>(`/api/sessions/${encodeURIComponent(sessionId)}/files`);
}

export async function fetchWorkspaceFile(sessionId: string, path: string): Promise<WorkspaceFileContent> {
  const query = new URLSearchParams({ path });
  return (await request<{ file: WorkspaceFileContent }>(`/api/sessions/${encodeURIComponent(sessionId)}/files/content?${query}`)).file;
}

export async function fetchContext(sessionId: string): Promise<ContextReport> {
  return (await request<{ context: ContextReport }>(`/api/sessions/${encodeURIComponent(sessionId)}/context`)).context;
}

/** `/compact [focus]`: summarizes now, down to the lower manual target. */
export async function compactSession(sessionId: string, focus?: string): Promise<CompactionResponse> {
  return request<CompactionResponse>(`/api/sessions/${encodeURIComponent(sessionId)}/compact`, { method: 'POST', json: focus ? { focus } : {} });
}

export async function undoCompaction(sessionId: string, compactionId: string): Promise<CompactionResponse> {
  return request<CompactionResponse>(`/api/sessions/${encodeURIComponent(sessionId)}/compactions/${encodeURIComponent(compactionId)}/undo`, { method: 'POST' });
}

export async function setMessagePinned(sessionId: string, messageId: string, pinned: boolean): Promise<void> {
  await request(`/api/sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(messageId)}`, { method: 'PATCH', json: { pinned } });
}

/** Shows another version of a message; answers the session as it now shows (messages and branches). */
export async function switchBranch(sessionId: string, messageId: string): Promise<SessionDetail> {
  return (await request<{ session: SessionDetail }>(`/api/sessions/${encodeURIComponent(sessionId)}/branch`, { method: 'POST', json: { messageId } })).session;
}

/** `/clear`: a new, empty session with this one's model, mode, settings and MCP switches. */
export async function clearSession(sessionId: string): Promise<SessionSummary> {
  return (await request<{ session: SessionSummary }>(`/api/sessions/${encodeURIComponent(sessionId)}/clear`, { method: 'POST', json: {} })).session;
}

/** "Fork from here": a new session with the branch up to this message and the workspace as it was then. */
export async function forkSession(sessionId: string, messageId: string): Promise<SessionSummary> {
  return (await request<{ session: SessionSummary }>(`/api/sessions/${encodeURIComponent(sessionId)}/fork`, { method: 'POST', json: { messageId } })).session;
}
