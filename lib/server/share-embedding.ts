import 'server-only';
import { getDb, type Db } from '@/db/client';
import { getShareByToken } from '@/db/queries/shares';
import type { ShareRow } from '@/db/schema';

/**
 * Which share links may be read, and which may be framed by other sites. Kept apart
 * from shares.ts so proxy.ts (which asks on every share page request) loads only the
 * database and this query, not the snapshot and fork machinery.
 */

/** The share behind a token, if it may be read now: a well-formed token, not revoked, not expired. */
export async function readableShareRow(db: Db, token: string): Promise<ShareRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
  const row = await getShareByToken(db, token);
  if (!row || row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt <= Date.now())) return undefined;
  return row;
}

/** The owner allowed other sites to show this share page in a frame (and the link works). */
export async function shareAllowsEmbedding(token: string): Promise<boolean> {
  const row = await readableShareRow(await getDb(), token);
  return row?.allowEmbed === true;
}
