// @ts-check
// Opening and migrating the database lives in plain JavaScript so that both the
// app (db/client.ts) and `npm run db:migrate` (scripts/migrate.mjs) share it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';

export const DEFAULT_DATABASE_URL = 'file:./data/playground.db';
/** Writers wait this long for a lock instead of failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

export function databaseUrl() {
  return process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

/** @param {string} url */
function ensureDirectoryFor(url) {
  const file = url.replace(/^file:(\/\/)?/, '');
  if (file === '' || file === ':memory:') return;
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
}

/**
 * Creates the libSQL client for a `file:`, `libsql://` or `https://` URL.
 * A local file gets WAL (readers don't block the writer) and a busy timeout.
 * @param {string} [url]
 * @param {string} [authToken]
 */
export async function openClient(url = databaseUrl(), authToken = process.env.DATABASE_AUTH_TOKEN) {
  const local = url.startsWith('file:');
  if (local) ensureDirectoryFor(url);
  const client = createClient({ url, authToken: local ? undefined : authToken || undefined });
  if (local) {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
  await client.execute('PRAGMA foreign_keys = ON');
  return client;
}

/**
 * Applies the committed drizzle-kit migrations. Idempotent: drizzle records
 * what it applied in __drizzle_migrations.
 * @param {import('@libsql/client').Client} client
 * @param {string} [migrationsFolder]
 */
export async function applyMigrations(client, migrationsFolder = path.join(process.cwd(), 'db', 'migrations')) {
  await migrate(drizzle(client), { migrationsFolder });
}
