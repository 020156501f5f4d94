import type { ToolNotice } from '@/lib/agent/messages';
import type { AgentTool } from '@/lib/agent/types';
import type { McpServerConfig } from '@/lib/mcp/connect';
import { sessionMcpTools } from '@/lib/mcp/session-mcp-tools';
import type { Todo } from '@/lib/todos/todos';
import type { WorkspaceStore } from '@/lib/workspace/store';
import { Workspace } from '@/lib/workspace/workspace';
import { fetchUrlTool } from './fetch-url';
import { builtinTools } from './index';
import { todoWriteTool } from './todo-write';
import { lazyWorkspace, workspaceTools } from './workspace';

/**
 * Where a session's tools keep what they change, injected by the caller
 * (lib/server/session-tool-stores.ts wires the database): tools import no store.
 */
export interface SessionToolStores {
  sessionId: string;
  workspace: WorkspaceStore;
  saveTodos(todos: Todo[]): Promise<void>;
  /** The MCP servers whose tools this session gets (the owner's enabled ones). */
  mcpServers(): Promise<McpServerConfig[]>;
}

export interface SessionToolSet {
  tools: AgentTool[];
  /** Shown at the start of the run, e.g. an MCP server that could not be reached. */
  notices?: ToolNotice[];
  /** Releases what the tools hold (e.g. MCP connections) when the run ends. */
  close(): Promise<void>;
}

/** The tools of one run in one session. */
export async function sessionTools(stores: SessionToolStores): Promise<SessionToolSet> {
  const workspace = lazyWorkspace(() => Workspace.open(stores.workspace));
  const mcp = await sessionMcpTools(stores.mcpServers);
  const tools = [...builtinTools(), ...workspaceTools(workspace), fetchUrlTool(), todoWriteTool(stores.saveTodos), ...mcp.tools];
  return {
    tools,
    notices: mcp.notices.map((notice) => ({ source: `MCP · ${notice.server}`, message: notice.message })),
    close: mcp.close,
  };
}
