import 'server-only';
import type { Db } from '@/db/client';
import { listEnabledMcpServers } from '@/db/queries/mcp-servers';
import { setSessionTodos } from '@/db/queries/todos';
import { databaseWorkspaceStore } from '@/db/queries/workspace';
import { sessionTools, type SessionToolSet } from '@/lib/tools/session-tools';
import { withOpenHeaders } from './mcp-header-secrets';
import { withOAuthProviders } from './mcp-oauth';

/** A session's tools with the database behind them: its workspace, its todo list and the owner's enabled MCP servers. */
export function sessionToolsFor(input: { db: Db; ownerId: string; sessionId: string }): Promise<SessionToolSet> {
  const { db, ownerId, sessionId } = input;
  return sessionTools({
    sessionId,
    workspace: databaseWorkspaceStore(db, ownerId, sessionId),
    saveTodos: (todos) => setSessionTodos(db, ownerId, sessionId, todos),
    mcpServers: async () => withOAuthProviders(db, ownerId, (await listEnabledMcpServers(db, ownerId)).map(withOpenHeaders)),
  });
}
