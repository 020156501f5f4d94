import 'server-only';
import type { Client } from '@libsql/client';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * After a secret was deleted or replaced. The local connection runs with
 * `secure_delete` (db/open.mjs), so the freed bytes are zeroed in the new page
 * images, but the write-ahead log still holds the pages as they were until a
 * checkpoint copies the new ones into the file and truncates the log. Remote
 * libSQL manages its own storage: nothing to do there. A checkpoint that other
 * processes' readers hold up finishes at the next one; it never fails the write.
 */
export async function checkpointFreedSecrets(db: Db): Promise<void> {
  if (!isLocalDatabase(db)) return;
  await db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
}

/**
 * Rewrites a local database file without its free space, where values deleted before
 * `secure_delete` was on can remain; then checkpoints. False (nothing done) for a remote one.
 */
export async function compactLocalDatabase(db: Db): Promise<boolean> {
  if (!isLocalDatabase(db)) return false;
  await db.run(sql`VACUUM`);
  await checkpointFreedSecrets(db);
  return true;
}

/** drizzle keeps its libSQL client as `$client` (its `drizzle()` return type says so; our Db type does not carry it). */
function isLocalDatabase(db: Db): boolean {
  return (db as Db & { $client?: Client }).$client?.protocol === 'file';
}
