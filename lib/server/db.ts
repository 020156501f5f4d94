import 'server-only';
import { getDb, type Db } from '@/db/client';
import { logger } from '@/lib/log.mjs';
import { recoverOrphanedRuns } from './recovery';
import { startRunSweeper } from './run-sweeper';

const globalForRecovery = globalThis as { __agentRecovery?: Promise<number> };

/**
 * The database for route handlers and pages: migrated, with the runs a previous process
 * of this instance left behind interrupted, and the run sweeper going.
 */
export async function getAppDb(): Promise<Db> {
  const db = await getDb();
  globalForRecovery.__agentRecovery ??= recoverOrphanedRuns(db, { atStartup: true })
    .catch((error) => {
      logger.error({ err: error }, 'recovering interrupted runs failed');
      return 0;
    })
    .finally(() => startRunSweeper(db));
  await globalForRecovery.__agentRecovery;
  return db;
}
