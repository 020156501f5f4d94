import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { sessions } from '../schema';
import type { McpSessionOverrides } from '@/lib/mcp/tool-switches';

/** A session's own MCP server and tool switches; undefined when the session does not exist. */
export async function getSessionMcpOverrides(db: Db, ownerId: string, sessionId: string): Promise<McpSessionOverrides | undefined> {
  const [row] = await db
    .select({ mcpOverrides: sessions.mcpOverrides })
    .from(sessions)
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, sessionId)));
  return row?.mcpOverrides;
}

/** Replaces the session's switches; false when the session does not exist. */
export async function setSessionMcpOverrides(db: Db, ownerId: string, sessionId: string, overrides: McpSessionOverrides): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ mcpOverrides: overrides })
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
