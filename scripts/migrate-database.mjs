// @ts-check
/**
 * Migrates the database at start (scripts/start.mjs), also when several instances start
 * together on one database. drizzle's migrator reads the last applied migration, then applies
 * the rest in one transaction: two instances that read at once both try to apply everything,
 * and the second one's transaction fails (its tables exist by then) and rolls back. Trying
 * again then finds them applied, so a failed attempt is retried a few times before it counts.
 */
import { applyMigrations, databaseUrl, openClient } from '../db/open.mjs';

/** Attempts, and the pause before each retry (grows with the attempt, with jitter so racers part). */
const ATTEMPTS = 5;
const RETRY_PAUSE_MS = 150;

/**
 * @param {string} [url]
 * @param {{ attempts?: number, pauseMs?: number }} [options]
 * @returns {Promise<void>}
 */
export async function migrateDatabase(url = databaseUrl(), { attempts = ATTEMPTS, pauseMs = RETRY_PAUSE_MS } = {}) {
  for (let attempt = 1; ; attempt++) {
    const client = await openClient(url);
    try {
      await applyMigrations(client);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    } finally {
      client.close();
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt * (0.5 + Math.random())));
  }
}
