import { getDb, type Db } from '@/db/client';
import { recoverOrphanedRuns } from './recovery';

const globalForRecovery = globalThis as unknown as { __agentRecovery?: Promise<number> };

/** The database for route handlers and pages: migrated, with runs orphaned by a previous process closed. */
export async function getAppDb(): Promise<Db> {
  const db = await getDb();
  globalForRecovery.__agentRecovery ??= recoverOrphanedRuns(db, { atStartup: true }).catch((error) => {
    console.error('recovering interrupted runs failed', error);
    return 0;
  });
  await globalForRecovery.__agentRecovery;
  return db;
}
