import 'server-only';
import { and, asc, eq, max } from 'drizzle-orm';
import type { ImageFilePart } from '@/lib/api/attachments';
import type { Db } from '../client';
import { queuedMessages, type QueuedMessageRow } from '../schema';

/** The session's queued messages (sent when the active run ends). Every query filters by owner and session. */

export async function listQueuedMessages(db: Db, ownerId: string, sessionId: string): Promise<QueuedMessageRow[]> {
  return db
    .select()
    .from(queuedMessages)
    .where(and(eq(queuedMessages.ownerId, ownerId), eq(queuedMessages.sessionId, sessionId)))
    .orderBy(asc(queuedMessages.position));
}

/** Appends a message at the end of the session's queue; its images are stored as given (checked by the caller). */
export async function enqueueMessage(
  db: Db,
  input: { id: string; ownerId: string; sessionId: string; text: string; modelKey?: string | null; images?: readonly ImageFilePart[] },
  now = Date.now(),
): Promise<QueuedMessageRow> {
  return db.transaction(async (tx) => {
    const [{ last }] = await tx
      .select({ last: max(queuedMessages.position) })
      .from(queuedMessages)
      .where(eq(queuedMessages.sessionId, input.sessionId));
    const row: QueuedMessageRow = {
      id: input.id,
      ownerId: input.ownerId,
      sessionId: input.sessionId,
      text: input.text,
      modelKey: input.modelKey ?? null,
      images: input.images?.length ? [...input.images] : null,
      position: (last ?? -1) + 1,
      createdAt: now,
      updatedAt: now,
    };
    await tx.insert(queuedMessages).values(row);
    return row;
  });
}

/** Changes a queued message's text. Undefined when it is gone (already sent, or cancelled). */
export async function updateQueuedMessage(
  db: Db,
  ownerId: string,
  sessionId: string,
  id: string,
  text: string,
  now = Date.now(),
): Promise<QueuedMessageRow | undefined> {
  const [row] = await db
    .update(queuedMessages)
    .set({ text, updatedAt: now })
    .where(and(eq(queuedMessages.id, id), eq(queuedMessages.ownerId, ownerId), eq(queuedMessages.sessionId, sessionId)))
    .returning();
  return row;
}

/**
 * Removes a queued message and answers it, or undefined when it was already
 * gone. Cancelling and dispatching both go through here, so only one of them
 * can win for a given message (a conditional delete).
 */
export async function takeQueuedMessage(db: Db, ownerId: string, sessionId: string, id: string): Promise<QueuedMessageRow | undefined> {
  const [row] = await db
    .delete(queuedMessages)
    .where(and(eq(queuedMessages.id, id), eq(queuedMessages.ownerId, ownerId), eq(queuedMessages.sessionId, sessionId)))
    .returning();
  return row;
}

/** Puts a taken message back where it was (its run could not start after all). */
export async function restoreQueuedMessage(db: Db, row: QueuedMessageRow): Promise<void> {
  await db.insert(queuedMessages).values(row).onConflictDoNothing();
}
