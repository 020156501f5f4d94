import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { userDefaults, type UserDefaultsRow } from '../schema';

export async function getUserDefaults(db: Db, ownerId: string): Promise<UserDefaultsRow | undefined> {
  const [row] = await db.select().from(userDefaults).where(eq(userDefaults.ownerId, ownerId));
  return row;
}

/** Replaces the owner's defaults whole. */
export async function putUserDefaults(db: Db, ownerId: string, values: Pick<UserDefaultsRow, 'modelKey' | 'permissionMode' | 'settings'>): Promise<UserDefaultsRow> {
  const updatedAt = Date.now();
  const [row] = await db
    .insert(userDefaults)
    .values({ ownerId, ...values, updatedAt })
    .onConflictDoUpdate({ target: userDefaults.ownerId, set: { ...values, updatedAt } })
    .returning();
  return row;
}

export async function deleteUserDefaults(db: Db, ownerId: string): Promise<void> {
  await db.delete(userDefaults).where(eq(userDefaults.ownerId, ownerId));
}
