import 'server-only';
import { getDb, type Db } from '@/db/client';
import { logger } from '@/lib/log.mjs';
import { recoverOrphanedRuns } from './recovery';
import { startRunSweeper } from './run-sweeper';
import { upgradeStoredSecrets } from './stored-secrets';

const globalForRecovery = globalThis as { __agentRecovery?: Promise<number>; __secretsUpgrade?: Promise<unknown> };

/**
 * The database for route handlers and pages: migrated, with the runs a previous process
 * of this instance left behind interrupted, the run sweeper going, and stored secrets
 * encrypted with the current key (stored-secrets.ts).
 */
export async function getAppDb(): Promise<Db> {
  const db = await getDb();
  globalForRecovery.__secretsUpgrade ??= upgradeStoredSecrets(db).catch((error) => logger.error({ err: error }, 'upgrading stored secrets failed'));
  globalForRecovery.__agentRecovery ??= recoverOrphanedRuns(db, { atStartup: true })
    .catch((error) => {
      logger.error({ err: error }, 'recovering interrupted runs failed');
      return 0;
    })
    .finally(() => startRunSweeper(db));
  await Promise.all([globalForRecovery.__agentRecovery, globalForRecovery.__secretsUpgrade]);
  return db;
}
