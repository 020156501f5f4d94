import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { StoredWorkspaceFile, WorkspaceChanges, WorkspaceStore } from '@/lib/workspace/store';
import type { Db } from '../client';
import { workspaceFiles } from '../schema';

const DELETE_BATCH = 500;

/** The session's files without their content, sorted by path (the file tree). */
export async function listWorkspaceFiles(db: Db, ownerId: string, sessionId: string): Promise<Array<{ path: string; size: number; updatedAt: number }>> {
  return db
    .select({ path: workspaceFiles.path, size: workspaceFiles.size, updatedAt: workspaceFiles.updatedAt })
    .from(workspaceFiles)
    .where(and(eq(workspaceFiles.ownerId, ownerId), eq(workspaceFiles.sessionId, sessionId)))
    .orderBy(asc(workspaceFiles.path));
}

export async function getWorkspaceFile(
  db: Db,
  ownerId: string,
  sessionId: string,
  path: string,
): Promise<{ path: string; size: number; updatedAt: number; content: Buffer } | undefined> {
  const [row] = await db
    .select({ path: workspaceFiles.path, size: workspaceFiles.size, updatedAt: workspaceFiles.updatedAt, content: workspaceFiles.content })
    .from(workspaceFiles)
    .where(and(eq(workspaceFiles.ownerId, ownerId), eq(workspaceFiles.sessionId, sessionId), eq(workspaceFiles.path, path)));
  return row;
}

async function loadWorkspaceFiles(db: Db, ownerId: string, sessionId: string): Promise<StoredWorkspaceFile[]> {
  const rows = await db
    .select({ path: workspaceFiles.path, content: workspaceFiles.content })
    .from(workspaceFiles)
    .where(and(eq(workspaceFiles.ownerId, ownerId), eq(workspaceFiles.sessionId, sessionId)));
  return rows.map((row) => ({ path: row.path, content: new Uint8Array(row.content) }));
}

/** Writes new and changed files and removes deleted ones, in one transaction. */
export async function saveWorkspaceChanges(db: Db, ownerId: string, sessionId: string, changes: WorkspaceChanges, now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    // In slices, to stay under SQLite's bound-parameter limit.
    for (let i = 0; i < changes.deletions.length; i += DELETE_BATCH) {
      const batch = changes.deletions.slice(i, i + DELETE_BATCH);
      await tx
        .delete(workspaceFiles)
        .where(and(eq(workspaceFiles.ownerId, ownerId), eq(workspaceFiles.sessionId, sessionId), inArray(workspaceFiles.path, batch)));
    }
    for (const file of changes.upserts) {
      const content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
      await tx
        .insert(workspaceFiles)
        .values({ sessionId, ownerId, path: file.path, content, size: content.byteLength, updatedAt: now })
        .onConflictDoUpdate({ target: [workspaceFiles.sessionId, workspaceFiles.path], set: { content, size: content.byteLength, updatedAt: now } });
    }
  });
}

/** The session's workspace as kept in the database. */
export function databaseWorkspaceStore(db: Db, ownerId: string, sessionId: string): WorkspaceStore {
  return {
    load: () => loadWorkspaceFiles(db, ownerId, sessionId),
    save: (changes) => saveWorkspaceChanges(db, ownerId, sessionId, changes),
  };
}
