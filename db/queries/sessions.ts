import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { preparedPerDb } from '../prepared';
import { sessions, type SessionRow } from '../schema';

const DEFAULT_SESSION_TITLE = 'New session';

/** The sidebar's sessions: the columns of a comparison are left out until continued (db/queries/compare.ts lists those). */
export async function listSessions(db: Db, ownerId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.ownerId, ownerId), isNull(sessions.compareGroupId)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
}

export async function getSession(db: Db, ownerId: string, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, id)));
  return row;
}

export async function createSession(
  db: Db,
  input: {
    id: string;
    ownerId: string;
    modelKey: string;
    title?: string;
    now?: number;
    settings?: SessionRow['settings'];
    permissionMode?: SessionRow['permissionMode'];
    compareGroupId?: string;
  },
): Promise<SessionRow> {
  const now = input.now ?? Date.now();
  const [row] = await db
    .insert(sessions)
    .values({
      id: input.id,
      ownerId: input.ownerId,
      modelKey: input.modelKey,
      title: input.title ?? DEFAULT_SESSION_TITLE,
      titleSource: input.title ? 'user' : 'default',
      settings: input.settings ?? {},
      ...(input.permissionMode ? { permissionMode: input.permissionMode } : {}),
      compareGroupId: input.compareGroupId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

export interface SessionUpdate {
  title?: string;
  modelKey?: string;
  settings?: SessionRow['settings'];
  permissionMode?: SessionRow['permissionMode'];
}

export async function updateSession(
  db: Db,
  ownerId: string,
  id: string,
  patch: SessionUpdate,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({
      ...(patch.title !== undefined ? { title: patch.title, titleSource: 'user' as const } : {}),
      ...(patch.modelKey !== undefined ? { modelKey: patch.modelKey } : {}),
      ...(patch.settings !== undefined ? { settings: patch.settings } : {}),
      ...(patch.permissionMode !== undefined ? { permissionMode: patch.permissionMode } : {}),
      updatedAt: Date.now(),
    })
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, id)))
    .returning();
  return row;
}

/** Sets the automatic title, unless the user already named the session. */
export async function setAutoTitle(db: Db, ownerId: string, id: string, title: string): Promise<void> {
  const session = await getSession(db, ownerId, id);
  if (!session || session.titleSource === 'user') return;
  await db
    .update(sessions)
    .set({ title, titleSource: 'auto' })
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, id)));
}

/** Moves the session to the top of the sidebar. */
export async function touchSession(db: Db, ownerId: string, id: string, now = Date.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ updatedAt: now })
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, id)));
}

export async function deleteSession(db: Db, ownerId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

const permissionMode = preparedPerDb((db: Db) =>
  db
    .select({ permissionMode: sessions.permissionMode })
    .from(sessions)
    .where(and(eq(sessions.ownerId, sql.placeholder('ownerId')), eq(sessions.id, sql.placeholder('id'))))
    .prepare(),
);

/** Read at every model call, so a switch applies from the next call, even mid-run. */
export async function getPermissionMode(db: Db, ownerId: string, id: string): Promise<SessionRow['permissionMode'] | undefined> {
  return (await permissionMode(db).get({ ownerId, id }))?.permissionMode;
}
