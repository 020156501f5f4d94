import 'server-only';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../client';
import { sessions, type SessionRow } from '../schema';

/**
 * Comparisons: the same prompt in 2–4 sessions side by side. A comparison is
 * no table of its own, only the `compareGroupId` its columns share; a column
 * leaves it when it is continued as a normal session.
 */

/** The columns of one comparison, in the order they were made (left to right). */
export async function listCompareColumns(db: Db, ownerId: string, groupId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.compareGroupId, groupId)))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));
}

/** Every session that is still a column of some comparison, oldest first (the caller groups them). */
export async function listAllCompareColumns(db: Db, ownerId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.ownerId, ownerId), isNotNull(sessions.compareGroupId)))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));
}

/** Takes one column out of its comparison (it becomes a normal session, at the top of the sidebar); undefined when it is not in that group. */
export async function leaveCompareGroup(db: Db, ownerId: string, groupId: string, sessionId: string, now = Date.now()): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ compareGroupId: null, updatedAt: now })
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, sessionId), eq(sessions.compareGroupId, groupId)))
    .returning();
  return row;
}
