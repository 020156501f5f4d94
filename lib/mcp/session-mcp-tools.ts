import type { Db } from '@/db/client';
import { listEnabledMcpServers } from '@/db/queries/mcp-servers';
import { loadMcpTools, type McpToolSet } from './mcp-tools';

/** The MCP tools of one owner's enabled servers; a session with none pays one small query. */
export async function sessionMcpTools(db: Db, ownerId: string): Promise<McpToolSet> {
  const servers = await listEnabledMcpServers(db, ownerId);
  if (servers.length === 0) return { tools: [], notices: [], close: async () => {} };
  return loadMcpTools(servers);
}
