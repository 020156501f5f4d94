import type { Db } from '@/db/client';
import { setSessionTodos } from '@/db/queries/todos';
import { databaseWorkspaceStore } from '@/db/queries/workspace';
import type { ToolNotice } from '@/lib/agent/messages';
import type { AgentTool } from '@/lib/agent/types';
import { sessionMcpTools } from '@/lib/mcp/session-mcp-tools';
import { Workspace } from '@/lib/workspace/workspace';
import { fetchUrlTool } from './fetch-url';
import { builtinTools } from './index';
import { todoWriteTool } from './todo-write';
import { lazyWorkspace, workspaceTools } from './workspace';

/** Everything a session's tools may need to know about where they run. */
export interface SessionToolContext {
  db: Db;
  ownerId: string;
  sessionId: string;
}

export interface SessionToolSet {
  tools: AgentTool[];
  /** Shown at the start of the run, e.g. an MCP server that could not be reached. */
  notices?: ToolNotice[];
  /** Releases what the tools hold (e.g. MCP connections) when the run ends. */
  close(): Promise<void>;
}

/** The tools of one run in one session. */
export async function sessionTools(ctx: SessionToolContext): Promise<SessionToolSet> {
  const { db, ownerId, sessionId } = ctx;
  const workspace = lazyWorkspace(() => Workspace.open(databaseWorkspaceStore(db, ownerId, sessionId)));
  const mcp = await sessionMcpTools(db, ownerId);
  const tools = [
    ...builtinTools(),
    ...workspaceTools(workspace),
    fetchUrlTool(),
    todoWriteTool((todos) => setSessionTodos(db, ownerId, sessionId, todos)),
    ...mcp.tools,
  ];
  return {
    tools,
    notices: mcp.notices.map((notice) => ({ source: `MCP · ${notice.server}`, message: notice.message })),
    close: mcp.close,
  };
}
