import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { providerKeys, type ProviderKeyRow } from '../schema';
import { checkpointFreedSecrets } from './freed-pages';

/** Provider keys added in the UI: ownerId '*' is the server-wide key an admin set, any other the user's own. */

export async function listProviderKeys(db: Db, ownerIds: readonly string[]): Promise<ProviderKeyRow[]> {
  if (ownerIds.length === 0) return [];
  return db.select().from(providerKeys).where(inArray(providerKeys.ownerId, [...ownerIds]));
}

export async function listAllProviderKeys(db: Db): Promise<ProviderKeyRow[]> {
  return db.select().from(providerKeys);
}

/** Sets (or replaces) the owner's key for a provider; the old ciphertext is checkpointed away. */
export async function upsertProviderKey(
  db: Db,
  input: Pick<ProviderKeyRow, 'id' | 'ownerId' | 'provider' | 'secret' | 'hint' | 'createdBy'> & { now?: number },
): Promise<ProviderKeyRow> {
  const { now = Date.now(), ...fields } = input;
  const [row] = await db
    .insert(providerKeys)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [providerKeys.ownerId, providerKeys.provider],
      set: { secret: fields.secret, hint: fields.hint, createdBy: fields.createdBy, updatedAt: now },
    })
    .returning();
  await checkpointFreedSecrets(db);
  return row;
}

/** Re-encrypts a stored key in place (the startup upgrade), keeping its dates. */
export async function replaceProviderKeySecret(db: Db, id: string, secret: string): Promise<void> {
  await db.update(providerKeys).set({ secret }).where(eq(providerKeys.id, id));
}

export async function deleteProviderKey(db: Db, ownerId: string, provider: string): Promise<boolean> {
  const rows = await db
    .delete(providerKeys)
    .where(and(eq(providerKeys.ownerId, ownerId), eq(providerKeys.provider, provider)))
    .returning({ id: providerKeys.id });
  if (rows.length > 0) await checkpointFreedSecrets(db);
  return rows.length > 0;
}
