import 'server-only';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { Db } from '../client';
import { preparedPerDb } from '../prepared';
import { messages, sessions } from '../schema';

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

/** Every message of the session, every branch, in creation order, with its parent. */
export async function loadMessageTree(db: Db, ownerId: string, sessionId: string): Promise<Array<{ id: string; parentId: string | null; role: string; createdAt: number }>> {
  return db
    .select({ id: messages.id, parentId: messages.parentId, role: messages.role, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.ownerId, ownerId), eq(messages.sessionId, sessionId)))
    .orderBy(asc(messages.position));
}

async function getActiveLeafId(db: Db, ownerId: string, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ leaf: sessions.activeLeafId })
    .from(sessions)
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, sessionId)));
  return row?.leaf ?? null;
}

/** The ids from the first message to `leaf`, following parents (a broken or circular link ends the walk). */
export function pathTo(leaf: string | null, parents: ReadonlyMap<string, string | null>): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  for (let id = leaf; id !== null && parents.has(id) && !seen.has(id); id = parents.get(id) ?? null) {
    seen.add(id);
    path.push(id);
  }
  return path.reverse();
}

/**
 * The messages of a branch, from the first to `leaf` (by default the active
 * leaf): what the session shows and the model reads.
 */
export async function loadMessageRows(db: Db, ownerId: string, sessionId: string, leafId?: string): Promise<StoredMessageRow[]> {
  const [rows, leaf] = await Promise.all([
    db
      .select({ ...storedMessageFields, parentId: messages.parentId })
      .from(messages)
      .where(and(eq(messages.ownerId, ownerId), eq(messages.sessionId, sessionId)))
      .orderBy(asc(messages.position)),
    leafId === undefined ? getActiveLeafId(db, ownerId, sessionId) : Promise.resolve(leafId),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path = pathTo(leaf, new Map(rows.map((row) => [row.id, row.parentId])));
  return path.map((id) => {
    const { parentId: _parentId, ...row } = byId.get(id)!;
    return row;
  });
}

/** Makes `messageId` the active leaf; false when it is not a message of this session. */
export async function setActiveLeaf(db: Db, ownerId: string, sessionId: string, messageId: string | null): Promise<boolean> {
  if (messageId !== null) {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ownerId, ownerId), eq(messages.sessionId, sessionId), eq(messages.id, messageId)));
    if (!row) return false;
  }
  await db
    .update(sessions)
    .set({ activeLeafId: messageId })
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, sessionId)));
  return true;
}

/** The save every step makes: prepared once per database (db/prepared.ts). */
const replaceMessage = preparedPerDb((db: Db) =>
  db
    .update(messages)
    // drizzle's types take no placeholder in set(), an SQL fragment holding one they do: it is filled in as it
    // comes, without the column's mapping, so the message goes in as the JSON text that mapping would make.
    .set({ message: sql`${sql.placeholder('message')}`, updatedAt: sql`${sql.placeholder('now')}` })
    .where(and(eq(messages.id, sql.placeholder('id')), eq(messages.sessionId, sql.placeholder('sessionId'))))
    .returning({ id: messages.id })
    .prepare(),
);

/**
 * Inserts the message as a child of the active leaf and makes it the leaf,
 * or replaces it when a row with its id exists (an assistant message is saved
 * again at every step boundary; the branch does not change).
 */
export async function saveMessage(db: Db, ownerId: string, sessionId: string, message: AgentUIMessage): Promise<void> {
  const now = Date.now();
  // A run saves its message at every step: one statement, whatever the session's length.
  const updated = await replaceMessage(db).all({ message: JSON.stringify(message), now, id: message.id, sessionId });
  if (updated.length > 0) return;
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
    const [session] = await tx.select({ leaf: sessions.activeLeafId }).from(sessions).where(eq(sessions.id, sessionId));
    await tx.insert(messages).values({
      id: message.id,
      sessionId,
      ownerId,
      role: message.role,
      position: (last ?? -1) + 1,
      parentId: session?.leaf ?? null,
      message,
      createdAt: now,
      updatedAt: now,
    });
    await tx.update(sessions).set({ activeLeafId: message.id }).where(eq(sessions.id, sessionId));
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
