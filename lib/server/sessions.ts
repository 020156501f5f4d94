import type { SessionRow } from '@/db/schema';
import type { SessionSummary } from '@/lib/api-types';
import { isSessionRunning } from './run-manager';

/**
 * `running` comes from `runningIds` (the runs table, so a run on another instance
 * counts) when the caller has it, else from this process's own runs.
 */
export function toSessionSummary(row: SessionRow, runningIds?: ReadonlySet<string>): SessionSummary {
  return {
    id: row.id,
    title: row.title,
    modelKey: row.modelKey,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    running: runningIds ? runningIds.has(row.id) : isSessionRunning(row.id),
    permissionMode: row.permissionMode,
  };
}
