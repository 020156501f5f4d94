import type { McpServerView, McpTestResult, SessionMcpSwitches } from '@/lib/api-types';
import { request } from './api';

/** Fetchers for MCP server settings. Header values go up; they never come back down. */

export interface McpServerDraft {
  name: string;
  transport: 'http' | 'sse';
  url: string;
  /** A header without `value` keeps its stored secret (PATCH only). */
  headers: { name: string; value?: string }[];
  /** ms; null: the session's tool timeout. */
  toolTimeoutMs: number | null;
}

const serverUrl = (id: string) => `/api/mcp-servers/${encodeURIComponent(id)}`;

export async function fetchMcpServers(): Promise<McpServerView[]> {
  return (await request<{ servers: McpServerView[] }>('/api/mcp-servers')).servers;
}

export async function createMcpServer(draft: McpServerDraft): Promise<McpServerView> {
  return (await request<{ server: McpServerView }>('/api/mcp-servers', { method: 'POST', json: draft })).server;
}

export async function updateMcpServer(id: string, patch: Partial<McpServerDraft> & { enabled?: boolean; disabledTools?: string[]; allowSampling?: boolean }): Promise<McpServerView> {
  return (await request<{ server: McpServerView }>(serverUrl(id), { method: 'PATCH', json: patch })).server;
}

export async function deleteMcpServer(id: string): Promise<void> {
  await request<{ ok: true }>(serverUrl(id), { method: 'DELETE' });
}

export async function testMcpServer(id: string): Promise<McpTestResult> {
  return request<McpTestResult>(`${serverUrl(id)}/test`, { method: 'POST' });
}

/** Allows a stdio server's command to run, repeating the exact command line the operator was shown. */
export async function confirmMcpCommand(server: Pick<McpServerView, 'id' | 'command' | 'args'>): Promise<McpServerView> {
  const body = { command: server.command ?? '', args: server.args };
  return (await request<{ server: McpServerView }>(`${serverUrl(server.id)}/confirm`, { method: 'POST', json: body })).server;
}

const sessionSwitchesUrl = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/mcp-tools`;

/** The owner's servers and the session's own switches over them (session settings). */
export async function fetchSessionMcpSwitches(sessionId: string): Promise<SessionMcpSwitches> {
  return request<SessionMcpSwitches>(sessionSwitchesUrl(sessionId));
}

/** Saves the session's switches (the whole set); the session's next request applies them. */
export async function saveSessionMcpSwitches(sessionId: string, overrides: SessionMcpSwitches['overrides']): Promise<SessionMcpSwitches> {
  return request<SessionMcpSwitches>(sessionSwitchesUrl(sessionId), { method: 'PUT', json: { overrides } });
}
