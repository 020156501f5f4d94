import type { McpOAuthStatusView } from '@/lib/mcp/oauth-provider';
import { request } from './api';

/** Fetchers for a remote MCP server's OAuth connection. Tokens stay on the server; only the status comes down. */

const oauthUrl = (id: string) => `/api/mcp-servers/${encodeURIComponent(id)}/oauth`;

export async function fetchMcpOAuthStatus(id: string): Promise<McpOAuthStatusView> {
  return (await request<{ oauth: McpOAuthStatusView }>(oauthUrl(id))).oauth;
}

/** Starts an authorization: the address to send the browser to, or the status when stored tokens could simply be refreshed. */
export async function startMcpOAuth(id: string): Promise<{ authorizationUrl: string } | { status: McpOAuthStatusView }> {
  return request(`${oauthUrl(id)}/start`, { method: 'POST' });
}

export async function disconnectMcpOAuth(id: string): Promise<McpOAuthStatusView> {
  return (await request<{ oauth: McpOAuthStatusView }>(`${oauthUrl(id)}/disconnect`, { method: 'POST' })).oauth;
}
