import type { McpServerConfig } from './connect';
import { loadMcpTools, type McpToolSet } from './mcp-tools';

type LoadOptions = NonNullable<Parameters<typeof loadMcpTools>[1]>;

/** The MCP tools of the servers the store lists (the owner's enabled ones); a session with none pays one small query. */
export async function sessionMcpTools(enabledServers: () => Promise<McpServerConfig[]>, options: LoadOptions = {}): Promise<McpToolSet> {
  const servers = await enabledServers();
  if (servers.length === 0) return { tools: [], notices: [], refresh: async () => null, close: async () => {} };
  return loadMcpTools(servers, options);
}
