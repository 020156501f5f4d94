import type { ToolNotice } from '@/lib/agent/messages';
import type { AgentTool, RefreshedTools } from '@/lib/agent/types';
import type { McpClientHandlers, McpServerConfig } from '@/lib/mcp/connect';
import type { McpServerStatus } from '@/lib/mcp/types';
import type { McpToolSet } from '@/lib/mcp/mcp-tools';
import { sessionMcpTools } from '@/lib/mcp/session-mcp-tools';
import { switchedOffToolNames } from '@/lib/mcp/tool-switches';
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
  /** The MCP servers whose tools this session gets (the owner's enabled ones, with the session's choices applied), each with its tools switched off. */
  mcpServers(): Promise<SessionMcpServer[]>;
  /** Built-in tools the session switched off (its `disabledTools` setting): never offered. */
  disabledTools?(): Promise<readonly string[]>;
  /** How the run answers an MCP server's own requests (forms, sampling): lib/server/mcp-elicitations.ts. */
  mcpHandlers?: McpClientHandlers;
  /** An MCP server's connection state changed during the run (the settings page shows the last one). */
  saveMcpStatus?(server: McpServerConfig, status: McpServerStatus): void;
}

type SessionMcpServer = McpServerConfig & { disabledTools?: readonly string[] };

export interface SessionToolSet {
  tools: AgentTool[];
  /** Shown at the start of the run, e.g. an MCP server that could not be reached. */
  notices?: ToolNotice[];
  /** Releases what the tools hold (e.g. MCP connections) when the run ends. */
  close(): Promise<void>;
  /** Asked before each model step (RunAgentInput.refreshTools): a new list when an MCP server changed its tools. */
  refresh?: () => Promise<RefreshedTools | null>;
}

/** McpToolSet.refresh (lib/mcp/mcp-tools.ts): the whole new MCP tool list after a server sent `tools/list_changed`. */
type McpRefresh = () => Promise<{ tools: AgentTool[]; notices: { server: string; message: string }[] } | null>;

/** The tools of one run in one session. */
export async function sessionTools(stores: SessionToolStores): Promise<SessionToolSet> {
  const workspace = lazyWorkspace(() => Workspace.open(stores.workspace));
  let switchedOff = new Set<string>();
  const mcp: McpToolSet = await sessionMcpTools(async () => {
    const servers = await stores.mcpServers();
    switchedOff = switchedOffToolNames(servers);
    return servers;
  }, { onStatus: stores.saveMcpStatus, handlers: stores.mcpHandlers });
  const off = new Set((await stores.disabledTools?.()) ?? []);
  const local = [...builtinTools(), ...workspaceTools(workspace), fetchUrlTool(), todoWriteTool(stores.saveTodos)].filter((tool) => !off.has(tool.name));
  // Tools switched off are never offered; the rest may be left out of a request past the tool cap (lib/agent/tool-cap.ts).
  const offered = (tools: AgentTool[]) => tools.filter((tool) => !switchedOff.has(tool.name)).map((tool) => Object.assign(tool, { deferrable: true }));
  const mcpRefresh = (mcp as McpToolSet & { refresh?: McpRefresh }).refresh;
  return {
    tools: [...local, ...offered(mcp.tools)],
    notices: mcp.notices.map(mcpNotice),
    close: mcp.close,
    ...(mcpRefresh
      ? {
          refresh: async () => {
            const changed = await mcpRefresh.call(mcp);
            return changed && { tools: [...local, ...offered(changed.tools)], notices: changed.notices.map(mcpNotice) };
          },
        }
      : {}),
  };
}

function mcpNotice(notice: { server: string; message: string }): ToolNotice {
  return { source: `MCP · ${notice.server}`, message: notice.message };
}
