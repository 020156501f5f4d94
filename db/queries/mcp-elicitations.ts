import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { mcpElicitations, type McpElicitationRow } from '../schema';

/** Questions MCP servers ask the user mid-call (forms and sampling approvals). Every query filters by owner and session. */

export async function insertElicitation(
  db: Db,
  input: Pick<McpElicitationRow, 'id' | 'ownerId' | 'sessionId' | 'runId' | 'toolCallId' | 'server' | 'kind' | 'message' | 'request'>,
): Promise<void> {
  await db.insert(mcpElicitations).values({ ...input, status: 'pending', answer: null, createdAt: Date.now(), answeredAt: null });
}

export async function getElicitation(db: Db, ownerId: string, sessionId: string, id: string): Promise<McpElicitationRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpElicitations)
    .where(and(eq(mcpElicitations.ownerId, ownerId), eq(mcpElicitations.sessionId, sessionId), eq(mcpElicitations.id, id)));
  return row;
}

/**
 * Records the answer if the question is still pending (a conditional update, so two
 * tabs answering at once cannot both win, and an answer after the run ended changes
 * nothing). Returns whether this answer was the one recorded.
 */
export async function answerElicitation(
  db: Db,
  ownerId: string,
  sessionId: string,
  id: string,
  answer: { status: 'accepted' | 'declined' | 'cancelled'; content?: unknown },
): Promise<boolean> {
  const updated = await db
    .update(mcpElicitations)
    .set({ status: answer.status, answer: answer.content ?? null, answeredAt: Date.now() })
    .where(and(eq(mcpElicitations.ownerId, ownerId), eq(mcpElicitations.sessionId, sessionId), eq(mcpElicitations.id, id), eq(mcpElicitations.status, 'pending')))
    .returning({ id: mcpElicitations.id });
  return updated.length === 1;
}
