import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { shares, type ShareRow } from '../schema';

export async function insertShare(db: Db, row: typeof shares.$inferInsert): Promise<ShareRow> {
  const [inserted] = await db.insert(shares).values(row).returning();
  return inserted!;
}

export async function listShares(db: Db, ownerId: string, sessionId: string): Promise<ShareRow[]> {
  return db
    .select()
    .from(shares)
    .where(and(eq(shares.ownerId, ownerId), eq(shares.sessionId, sessionId)))
    .orderBy(desc(shares.createdAt));
}

export async function getShare(db: Db, ownerId: string, id: string): Promise<ShareRow | undefined> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.ownerId, ownerId), eq(shares.id, id)));
  return row;
}

export async function getShareByToken(db: Db, token: string): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(shares).where(eq(shares.token, token));
  return row;
}

export async function updateShare(
  db: Db,
  ownerId: string,
  id: string,
  change: Partial<Pick<ShareRow, 'options' | 'redactedHashes' | 'allowedHashes' | 'snapshot' | 'updatedAt' | 'expiresAt' | 'revokedAt' | 'allowEmbed'>>,
): Promise<ShareRow | undefined> {
  const [row] = await db
    .update(shares)
    .set(change)
    .where(and(eq(shares.ownerId, ownerId), eq(shares.id, id)))
    .returning();
  return row;
}

/** One view of the public page. */
export async function recordShareView(db: Db, id: string, now = Date.now()): Promise<void> {
  await db
    .update(shares)
    .set({ viewCount: sql`${shares.viewCount} + 1`, lastViewedAt: now })
    .where(eq(shares.id, id));
}
