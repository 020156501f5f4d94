import type { SessionRow } from '@/db/schema';
import type { SessionSummary } from '@/lib/api-types';
import { isSessionRunning } from './run-manager';

export function toSessionSummary(row: SessionRow): SessionSummary {
  return {
    id: row.id,
    title: row.title,
    modelKey: row.modelKey,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    running: isSessionRunning(row.id),
    permissionMode: row.permissionMode,
  };
}
