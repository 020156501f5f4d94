import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  compactions,
  invites,
  mcpServers,
  messages,
  providerKeys,
  systemPromptPresets,
  userDefaults,
  queuedMessages,
  runs,
  runSteps,
  session as authSession,
  sessions,
  shares,
  toolApprovals,
  toolGrants,
  user,
  workspaceFiles,
  workspaceSnapshots,
  type InviteRow,
  type UserRow,
} from '../schema';

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(user).orderBy(user.createdAt);
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

export async function setUserRole(db: Db, id: string, role: 'admin' | 'user'): Promise<boolean> {
  const rows = await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, id)).returning({ id: user.id });
  return rows.length > 0;
}

/** Suspends (or restores) an account; suspending also signs it out everywhere. */
export async function setUserBanned(db: Db, id: string, banned: boolean): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ banned, banReason: banned ? 'Suspended by an administrator.' : null, updatedAt: new Date() })
    .where(eq(user.id, id))
    .returning({ id: user.id });
  if (banned) await db.delete(authSession).where(eq(authSession.userId, id));
  return rows.length > 0;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.role, 'admin'), sql`coalesce(${user.banned}, 0) = 0`));
  return row?.n ?? 0;
}

/** How many sessions each owner has. */
export async function sessionCountsByOwner(db: Db): Promise<Array<{ ownerId: string; n: number }>> {
  return db.select({ ownerId: sessions.ownerId, n: count() }).from(sessions).groupBy(sessions.ownerId);
}

/** Each owner's runs with their model and usage, for cost at list prices. */
export async function runUsageRows(db: Db): Promise<Array<{ ownerId: string; modelKey: string; usage: (typeof runs.$inferSelect)['usage']; startedAt: number }>> {
  return db.select({ ownerId: runs.ownerId, modelKey: runs.modelKey, usage: runs.usage, startedAt: runs.startedAt }).from(runs);
}

export async function insertInvite(db: Db, row: typeof invites.$inferInsert): Promise<InviteRow> {
  const [created] = await db.insert(invites).values(row).returning();
  return created;
}

export async function listInvites(db: Db): Promise<InviteRow[]> {
  return db.select().from(invites).orderBy(desc(invites.createdAt));
}

export async function revokeInvite(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({ revokedAt: Date.now() })
    .where(and(eq(invites.id, id), isNull(invites.usedAt), isNull(invites.revokedAt)))
    .returning({ id: invites.id });
  return rows.length > 0;
}

/** An invite that can still be used: not used, not revoked, not expired. */
export async function findUsableInvite(db: Db, tokenHash: string, now = Date.now()): Promise<InviteRow | undefined> {
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.tokenHash, tokenHash), isNull(invites.usedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now)));
  return row;
}

/** Takes the invite for one sign-up, atomically: two sign-ups racing for one link cannot both have it. */
export async function claimInvite(db: Db, id: string, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({ usedAt: now })
    .where(and(eq(invites.id, id), isNull(invites.usedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now)))
    .returning({ id: invites.id });
  return rows.length > 0;
}

export async function releaseInvite(db: Db, id: string): Promise<void> {
  await db.update(invites).set({ usedAt: null, usedBy: null }).where(eq(invites.id, id));
}

export async function markInviteUsedBy(db: Db, id: string, userId: string): Promise<void> {
  await db.update(invites).set({ usedBy: userId }).where(eq(invites.id, id));
}

/** Every table whose rows belong to an owner. */
const OWNED_TABLES = [sessions, messages, runs, runSteps, workspaceFiles, toolGrants, toolApprovals, mcpServers, compactions, queuedMessages, shares, workspaceSnapshots, providerKeys, systemPromptPresets, userDefaults];

/** Gives everything one owner had to another, in one transaction (the first admin adopts what was made before accounts). */
export async function transferOwnership(db: Db, fromOwnerId: string, toOwnerId: string): Promise<number> {
  return db.transaction(async (tx) => {
    let moved = 0;
    for (const table of OWNED_TABLES) {
      const rows = await tx.update(table).set({ ownerId: toOwnerId }).where(eq(table.ownerId, fromOwnerId)).returning({ ownerId: table.ownerId });
      moved += rows.length;
    }
    return moved;
  });
}
