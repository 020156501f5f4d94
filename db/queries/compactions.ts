import 'server-only';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { CompactionRecord, CompactionTrigger } from '@/lib/context/types';
import type { Db } from '../client';
import { compactions, messages, type CompactionRow } from '../schema';

/** Compaction records and pins: what the model sees of a session, never what the transcript keeps. */

export interface StoredCompaction {
  id: string;
  runId: string | null;
  trigger: CompactionTrigger;
  record: CompactionRecord;
  createdAt: number;
  undoneAt: number | null;
}

function toStored(row: CompactionRow): StoredCompaction {
  return { id: row.id, runId: row.runId, trigger: row.trigger, record: row.record, createdAt: row.createdAt, undoneAt: row.undoneAt };
}

export async function insertCompaction(
  db: Db,
  input: { id: string; ownerId: string; sessionId: string; runId?: string; trigger: CompactionTrigger; record: CompactionRecord; now?: number },
): Promise<StoredCompaction> {
  const [row] = await db
    .insert(compactions)
    .values({
      id: input.id,
      ownerId: input.ownerId,
      sessionId: input.sessionId,
      runId: input.runId ?? null,
      trigger: input.trigger,
      record: input.record,
      createdAt: input.now ?? Date.now(),
    })
    .returning();
  return toStored(row);
}

/** Oldest first: the order the transcript shows the dividers in. */
export async function listCompactions(db: Db, ownerId: string, sessionId: string): Promise<StoredCompaction[]> {
  const rows = await db
    .select()
    .from(compactions)
    .where(and(eq(compactions.ownerId, ownerId), eq(compactions.sessionId, sessionId)))
    .orderBy(asc(compactions.createdAt), asc(compactions.id));
  return rows.map(toStored);
}

/** The compaction in effect: the newest one not undone. */
export async function activeCompaction(db: Db, ownerId: string, sessionId: string): Promise<StoredCompaction | undefined> {
  const [row] = await db
    .select()
    .from(compactions)
    .where(and(eq(compactions.ownerId, ownerId), eq(compactions.sessionId, sessionId), isNull(compactions.undoneAt)))
    .orderBy(desc(compactions.createdAt), desc(compactions.id))
    .limit(1);
  return row ? toStored(row) : undefined;
}

/** Marks a compaction undone; false when it does not exist (for this owner and session) or was already undone. */
export async function undoCompaction(db: Db, ownerId: string, sessionId: string, id: string, now = Date.now()): Promise<boolean> {
  const updated = await db
    .update(compactions)
    .set({ undoneAt: now })
    .where(and(eq(compactions.ownerId, ownerId), eq(compactions.sessionId, sessionId), eq(compactions.id, id), isNull(compactions.undoneAt)))
    .returning({ id: compactions.id });
  return updated.length > 0;
}

export async function loadPinnedIds(db: Db, ownerId: string, sessionId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.ownerId, ownerId), eq(messages.sessionId, sessionId), eq(messages.pinned, true)));
  return new Set(rows.map((r) => r.id));
}

/** Pins or unpins a message of the session; false when the message is not there. */
export async function setMessagePinned(db: Db, ownerId: string, sessionId: string, messageId: string, pinned: boolean): Promise<boolean> {
  const updated = await db
    .update(messages)
    .set({ pinned })
    .where(and(eq(messages.ownerId, ownerId), eq(messages.sessionId, sessionId), eq(messages.id, messageId)))
    .returning({ id: messages.id });
  return updated.length > 0;
}
