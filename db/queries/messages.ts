import 'server-only';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { Db } from '../client';
import { messages } from '../schema';

/**
 * A message row as stored. The message itself is its JSON text, unparsed:
 * lib/server/stored-messages.ts parses and validates each row on its own, so
 * one broken row (even text that is not JSON) cannot fail the whole session.
 */
export interface StoredMessageRow {
  id: string;
  role: string;
  json: string;
}

const storedMessageFields = { id: messages.id, role: messages.role, json: sql<string>`${messages.message}` };

export async function loadMessageRows(db: Db, ownerId: string, sessionId: string): Promise<StoredMessageRow[]> {
  return db
    .select(storedMessageFields)
    .from(messages)
    .where(and(eq(messages.ownerId, ownerId), eq(messages.sessionId, sessionId)))
    .orderBy(asc(messages.position));
}

/**
 * Inserts the message, or replaces it when a row with its id exists (an
 * assistant message is saved again at every step boundary).
 */
export async function saveMessage(db: Db, ownerId: string, sessionId: string, message: AgentUIMessage): Promise<void> {
  const now = Date.now();
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: messages.id, sessionId: messages.sessionId })
      .from(messages)
      .where(eq(messages.id, message.id));
    if (existing) {
      if (existing.sessionId !== sessionId) throw new Error(`message ${message.id} belongs to another session`);
      await tx.update(messages).set({ message, updatedAt: now }).where(eq(messages.id, message.id));
      return;
    }
    const [{ last }] = await tx
      .select({ last: max(messages.position) })
      .from(messages)
      .where(eq(messages.sessionId, sessionId));
    await tx.insert(messages).values({
      id: message.id,
      sessionId,
      ownerId,
      role: message.role,
      position: (last ?? -1) + 1,
      message,
      createdAt: now,
      updatedAt: now,
    });
  });
}

export async function messageExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(eq(messages.id, id));
  return Boolean(row);
}

export async function getMessageRow(db: Db, ownerId: string, id: string): Promise<StoredMessageRow | undefined> {
  const [row] = await db
    .select(storedMessageFields)
    .from(messages)
    .where(and(eq(messages.ownerId, ownerId), eq(messages.id, id)));
  return row;
}
