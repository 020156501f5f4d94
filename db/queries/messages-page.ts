import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { messages, sessions } from '../schema';
import { pathTo, type StoredMessageRow } from './messages';

/**
 * Reads for a page of a session's shown branch: the path from the first
 * message to the active leaf is walked over the tree's small columns (id,
 * parent, role and the usage figures), and only the page's own rows are read
 * whole. A 2,000-message session's page then parses 40 messages, not 2,000.
 */

/** One message of the shown path, without its body. */
export interface PathEntry {
  id: string;
  role: string;
  /** `metadata.usage` as stored (JSON text), for assistant messages that have it. */
  usage: string | null;
  /** The message's text and reasoning parts, only when asked for (search). */
  text?: string;
}

/** The shown branch (first message to the active leaf, or to `leafId`), without the message bodies. */
export async function loadPathEntries(db: Db, ownerId: string, sessionId: string, options: { leafId?: string | null; withText?: boolean } = {}): Promise<PathEntry[]> {
  const [rows, leaf] = await Promise.all([
    db
      .select({
        id: messages.id,
        parentId: messages.parentId,
        role: messages.role,
        // A row that is not JSON (see stored-messages.ts) has no figures rather than failing the query.
        usage: sql<string | null>`case when json_valid(${messages.message}) then json_extract(${messages.message}, '$.metadata.usage') end`,
        ...(options.withText
          ? // The text parts only (not tool inputs or outputs): what a person reads in the transcript.
            { text: sql<string | null>`(select group_concat(json_extract(p.value, '$.text'), char(10)) from json_each(case when json_valid(${messages.message}) then ${messages.message} else '{}' end, '$.parts') p where json_extract(p.value, '$.type') in ('text', 'reasoning'))` }
          : {}),
      })
      .from(messages)
      .where(and(eq(messages.ownerId, ownerId), eq(messages.sessionId, sessionId)))
      .orderBy(asc(messages.position)),
    options.leafId !== undefined
      ? Promise.resolve(options.leafId)
      : db
          .select({ leaf: sessions.activeLeafId })
          .from(sessions)
          .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, sessionId)))
          .then(([row]) => row?.leaf ?? null),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return pathTo(leaf, new Map(rows.map((row) => [row.id, row.parentId]))).map((id) => {
    const row = byId.get(id)!;
    const entry: PathEntry = { id: row.id, role: row.role, usage: row.usage };
    if (options.withText) entry.text = (row as { text?: string | null }).text ?? '';
    return entry;
  });
}

/**
 * Ids of the session's messages whose stored JSON contains `needle`: a cheap
 * pre-filter over the text (no JSON parsing); callers read and check the rows.
 */
export async function messageIdsContaining(db: Db, ownerId: string, sessionId: string, needle: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.ownerId, ownerId), eq(messages.sessionId, sessionId), sql`instr(${messages.message}, ${needle}) > 0`));
  return new Set(rows.map((row) => row.id));
}

/** The rows of `ids`, in the order given (ids of another owner or session are left out). */
export async function loadMessageRowsByIds(db: Db, ownerId: string, sessionId: string, ids: readonly string[]): Promise<StoredMessageRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: messages.id, role: messages.role, json: sql<string>`${messages.message}` })
    .from(messages)
    .where(and(eq(messages.ownerId, ownerId), eq(messages.sessionId, sessionId), inArray(messages.id, [...ids])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
