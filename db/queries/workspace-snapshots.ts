import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { workspaceBlobs, workspaceFiles, workspaceSnapshots } from '../schema';

/** Records the session's workspace as it is now under `messageId` (the message of a run that just ended). */
export async function saveWorkspaceSnapshot(db: Db, ownerId: string, sessionId: string, messageId: string, now = Date.now()): Promise<void> {
  const files = await db
    .select({ path: workspaceFiles.path, content: workspaceFiles.content })
    .from(workspaceFiles)
    .where(and(eq(workspaceFiles.ownerId, ownerId), eq(workspaceFiles.sessionId, sessionId)));
  const entries = files.map((file) => ({ path: file.path, hash: createHash('sha256').update(file.content).digest('hex'), content: file.content }));
  await db.transaction(async (tx) => {
    for (const entry of entries) {
      await tx.insert(workspaceBlobs).values({ hash: entry.hash, content: entry.content, size: entry.content.byteLength }).onConflictDoNothing();
    }
    const row = { messageId, sessionId, ownerId, files: entries.map(({ path, hash }) => ({ path, hash })), createdAt: now };
    // A run continued after an approval ends the same message again: its latest workspace counts.
    await tx.insert(workspaceSnapshots).values(row).onConflictDoUpdate({ target: workspaceSnapshots.messageId, set: { files: row.files, createdAt: now } });
  });
}

/** The files of the latest snapshot among `messageIds` (a branch, oldest first); empty when none of them has one. */
export async function loadSnapshotFiles(db: Db, ownerId: string, messageIds: readonly string[]): Promise<Array<{ path: string; content: Buffer }>> {
  return (await loadLatestSnapshot(db, ownerId, messageIds)) ?? [];
}

/**
 * The files of the latest snapshot among `messageIds` (a branch, oldest first);
 * null when none of them has one (an empty workspace saved is a snapshot: no files).
 */
export async function loadLatestSnapshot(db: Db, ownerId: string, messageIds: readonly string[]): Promise<Array<{ path: string; content: Buffer }> | null> {
  if (messageIds.length === 0) return null;
  const snapshots = await db
    .select({ messageId: workspaceSnapshots.messageId, files: workspaceSnapshots.files })
    .from(workspaceSnapshots)
    .where(and(eq(workspaceSnapshots.ownerId, ownerId), inArray(workspaceSnapshots.messageId, [...messageIds])));
  const byMessage = new Map(snapshots.map((snapshot) => [snapshot.messageId, snapshot.files]));
  const latest = [...messageIds].reverse().find((id) => byMessage.has(id));
  if (!latest) return null;
  const files = byMessage.get(latest)!;
  if (files.length === 0) return [];
  const blobs = await db
    .select({ hash: workspaceBlobs.hash, content: workspaceBlobs.content })
    .from(workspaceBlobs)
    .where(inArray(workspaceBlobs.hash, [...new Set(files.map((file) => file.hash))]));
  const content = new Map(blobs.map((blob) => [blob.hash, blob.content]));
  return files.flatMap((file) => (content.has(file.hash) ? [{ path: file.path, content: content.get(file.hash)! }] : []));
}

/** Makes the session's workspace hold exactly these files (a branch's snapshot, a step's files), in one transaction. */
export async function replaceWorkspace(db: Db, ownerId: string, sessionId: string, files: ReadonlyArray<{ path: string; content: Uint8Array }>, now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(workspaceFiles).where(and(eq(workspaceFiles.ownerId, ownerId), eq(workspaceFiles.sessionId, sessionId)));
    for (const file of files) {
      const content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
      await tx.insert(workspaceFiles).values({ sessionId, ownerId, path: file.path, content, size: content.byteLength, updatedAt: now });
    }
  });
}
