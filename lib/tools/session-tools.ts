import type { Db } from '@/db/client';
import type { AgentTool } from '@/lib/agent/types';
import { builtinTools } from './index';

/** Everything a session's tools may need to know about where they run. */
export interface SessionToolContext {
  db: Db;
  ownerId: string;
  sessionId: string;
}

export interface SessionToolSet {
  tools: AgentTool[];
  /** Releases what the tools hold (e.g. MCP connections) when the run ends. */
  close(): Promise<void>;
}

/** The tools of one run in one session. */
export async function sessionTools(_ctx: SessionToolContext): Promise<SessionToolSet> {
  return { tools: builtinTools(), close: async () => {} };
}
