import 'server-only';
import type { Db } from '@/db/client';
import { listMcpServers, setMcpServerStatus } from '@/db/queries/mcp-servers';
import { getSessionMcpOverrides } from '@/db/queries/session-mcp-overrides';
import { getSession } from '@/db/queries/sessions';
import { setSessionTodos } from '@/db/queries/todos';
import { databaseWorkspaceStore } from '@/db/queries/workspace';
import type { McpServerConfig } from '@/lib/mcp/connect';
import { parseMcpToolName } from '@/lib/mcp/names';
import { serversForSession } from '@/lib/mcp/tool-switches';
import type { McpServerStatus } from '@/lib/mcp/types';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { sessionTools, type SessionToolSet } from '@/lib/tools/session-tools';
import { mcpClientHandlersFor } from './mcp-elicitations';
import { withOpenHeaders } from './mcp-header-secrets';
import { withOAuthProviders } from './mcp-oauth';

/**
 * A session's tools with the database behind them: its workspace, its todo list and the owner's enabled MCP servers
 * (with the session's own switches). `forRun`: a run will use them, so how it finds each MCP server is stored for the
 * settings page; a look at them (the context meter's GET, an argument check) changes nothing.
 */
export function sessionToolsFor(input: { db: Db; ownerId: string; sessionId: string; forRun?: boolean; switchedOff?: readonly string[] }): Promise<SessionToolSet> {
  const { db, ownerId, sessionId } = input;
  // `switchedOff`: tools switched off for this run alone (Edit and re-run), by their model-facing names; the session's settings stay as they are.
  const runOff = input.switchedOff ?? [];
  const runOffOn = (server: { name: string; disabledTools?: readonly string[] }) => [
    ...(server.disabledTools ?? []),
    ...runOff.flatMap((name) => (parseMcpToolName(name)?.server === server.name ? [parseMcpToolName(name)!.tool] : [])),
  ];
  return sessionTools({
    sessionId,
    workspace: databaseWorkspaceStore(db, ownerId, sessionId),
    saveTodos: (todos) => setSessionTodos(db, ownerId, sessionId, todos),
    mcpHandlers: mcpClientHandlersFor({ db, ownerId, sessionId }),
    disabledTools: async () => [...(sessionLoopSettings((await getSession(db, ownerId, sessionId))?.settings).disabledTools ?? []), ...runOff],
    // The owner's servers with this session's switches applied (a server or tool switched on or off for it alone).
    mcpServers: async () => {
      const [servers, overrides] = await Promise.all([listMcpServers(db, ownerId), getSessionMcpOverrides(db, ownerId, sessionId)]);
      const chosen = serversForSession(servers, overrides).map((server) => (runOff.length ? { ...server, disabledTools: runOffOn(server) } : server));
      return withOAuthProviders(db, ownerId, chosen.map(withOpenHeaders));
    },
    ...(input.forRun
      ? {
          saveMcpStatus: (server: McpServerConfig, status: McpServerStatus) => {
            if (server.id) void setMcpServerStatus(db, ownerId, server.id, status).catch(() => {});
          },
        }
      : {}),
  });
}
