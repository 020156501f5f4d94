import type { Db } from '@/db/client';
import type { ToolNotice } from '@/lib/agent/messages';
import type { AgentTool } from '@/lib/agent/types';
import { sessionMcpTools } from '@/lib/mcp/session-mcp-tools';
import { builtinTools } from './index';

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
  const mcp = await sessionMcpTools(ctx.db, ctx.ownerId);
  return {
    tools: [...builtinTools(), ...mcp.tools],
    notices: mcp.notices.map((notice) => ({ source: `MCP · ${notice.server}`, message: notice.message })),
    close: mcp.close,
  };
}
