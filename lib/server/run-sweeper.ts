import 'server-only';
import { logger } from '@/lib/log.mjs';
import type { Db } from '@/db/client';
import { pruneRunEvents } from '@/db/queries/run-events';
import { recoverOrphanedRuns } from './recovery';

/**
 * Housekeeping every process does, so no run is left behind when nobody looks: runs
 * whose owner died are interrupted once their lease runs out (even with no tab open),
 * and the logs of runs that ended more than RUN_LOG_GRACE_MS ago (default 10 minutes)
 * are dropped: by then their messages hold everything.
 */

const SWEEP_MS = 30_000;

function runLogGraceMs(): number {
  const configured = Number(process.env.RUN_LOG_GRACE_MS);
  return Number.isFinite(configured) && configured >= 0 ? configured : 10 * 60_000;
}

export async function sweepRuns(db: Db, now = Date.now()): Promise<{ recovered: number; pruned: number }> {
  const recovered = await recoverOrphanedRuns(db);
  const pruned = await pruneRunEvents(db, now - runLogGraceMs());
  return { recovered, pruned };
}

const globalForSweeper = globalThis as { __agentRunSweeper?: ReturnType<typeof setInterval> };

export function startRunSweeper(db: Db): void {
  if (globalForSweeper.__agentRunSweeper) return;
  globalForSweeper.__agentRunSweeper = setInterval(() => {
    sweepRuns(db).catch((error) => logger.error({ err: error }, 'sweeping runs failed'));
  }, SWEEP_MS);
  globalForSweeper.__agentRunSweeper.unref?.();
}
