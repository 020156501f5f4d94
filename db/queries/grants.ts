import 'server-only';
import { and, asc, eq, exists, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { preparedPerDb } from '../prepared';
import { sessions, toolGrants, type SessionRow, type ToolGrantRow } from '../schema';

/** Standing grants ("Always allow TOOL in this session"). A revoked grant is kept for the record. */

export async function listActiveGrants(db: Db, ownerId: string, sessionId: string): Promise<ToolGrantRow[]> {
  return db
    .select()
    .from(toolGrants)
    .where(and(eq(toolGrants.ownerId, ownerId), eq(toolGrants.sessionId, sessionId), isNull(toolGrants.revokedAt)))
    .orderBy(asc(toolGrants.createdAt));
}

async function hasActiveGrant(db: Db, ownerId: string, sessionId: string, toolName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: toolGrants.id })
    .from(toolGrants)
    .where(and(eq(toolGrants.ownerId, ownerId), eq(toolGrants.sessionId, sessionId), eq(toolGrants.toolName, toolName), isNull(toolGrants.revokedAt)))
    .limit(1);
  return Boolean(row);
}

const permissionState = preparedPerDb((db: Db) => {
  const grant = db
    .select({ id: toolGrants.id })
    .from(toolGrants)
    .where(
      and(
        eq(toolGrants.ownerId, sql.placeholder('ownerId')),
        eq(toolGrants.sessionId, sql.placeholder('sessionId')),
        eq(toolGrants.toolName, sql.placeholder('toolName')),
        isNull(toolGrants.revokedAt),
      ),
    );
  return db
    .select({ mode: sessions.permissionMode, granted: exists(grant).mapWith(Boolean) })
    .from(sessions)
    .where(and(eq(sessions.ownerId, sql.placeholder('ownerId')), eq(sessions.id, sql.placeholder('sessionId'))))
    .prepare();
});

/**
 * The session's permission mode and whether the tool has an active grant, in one statement
 * (read at every tool call: a switch or a grant applies from the next call). Undefined when
 * the session does not exist.
 */
export async function toolPermissionState(db: Db, ownerId: string, sessionId: string, toolName: string): Promise<{ mode: SessionRow['permissionMode']; granted: boolean } | undefined> {
  const row = await permissionState(db).get({ ownerId, sessionId, toolName });
  return row ? { mode: row.mode, granted: Boolean(row.granted) } : undefined;
}

/** Adds a session grant for the tool unless one is already active. */
export async function grantTool(db: Db, input: { id: string; ownerId: string; sessionId: string; toolName: string; now?: number }): Promise<void> {
  if (await hasActiveGrant(db, input.ownerId, input.sessionId, input.toolName)) return;
  await db.insert(toolGrants).values({
    id: input.id,
    ownerId: input.ownerId,
    sessionId: input.sessionId,
    toolName: input.toolName,
    scope: 'session',
    createdAt: input.now ?? Date.now(),
  });
}

export async function revokeGrant(db: Db, ownerId: string, sessionId: string, grantId: string, now = Date.now()): Promise<boolean> {
  const updated = await db
    .update(toolGrants)
    .set({ revokedAt: now })
    .where(and(eq(toolGrants.id, grantId), eq(toolGrants.ownerId, ownerId), eq(toolGrants.sessionId, sessionId), isNull(toolGrants.revokedAt)))
    .returning({ id: toolGrants.id });
  return updated.length === 1;
}
