import 'server-only';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { applyMigrations, openClient } from './open.mjs';
import * as schema from './schema';

export type Db = LibSQLDatabase<typeof schema>;

// One database per process, kept on globalThis so dev-mode module reloads don't open a second one.
const globalForDb = globalThis as { __agentPlaygroundDb?: Promise<Db> };

async function openDatabase(): Promise<Db> {
  const client = await openClient();
  await applyMigrations(client);
  return drizzle(client, { schema });
}

/** The process-wide database, created and migrated on first use. */
export function getDb(): Promise<Db> {
  globalForDb.__agentPlaygroundDb ??= openDatabase().catch((error) => {
    globalForDb.__agentPlaygroundDb = undefined; // let the next request try again
    throw error;
  });
  return globalForDb.__agentPlaygroundDb;
}

/** For tests: a database at an explicit URL (e.g. a temp file). */
export async function openTestDatabase(url: string): Promise<Db> {
  const client = await openClient(url);
  await applyMigrations(client);
  return drizzle(client, { schema });
}
