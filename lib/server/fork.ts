import 'server-only';
import { loadMessageRows, loadMessageTree } from '@/db/queries/messages';
import { loadSnapshotFiles } from '@/db/queries/workspace-snapshots';
import type { SessionSummary } from '@/lib/api-types';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { ApiError } from './http';
import { limitRequest } from './rate-limit';
import { insertCopiedSession } from './session-transfer';
import { requireSession } from './session-access';
import { readStoredMessageRow } from './stored-messages';

/**
 * "Fork from here": a new session with the branch up to `messageId`, the
 * workspace as it was when that point was reached (the snapshot of the last
 * run on the branch up to there), the settings, the model, the permission
 * mode and the session's own MCP switches. The fork links back to where it came from.
 */
export async function forkSessionFor(request: Request, sessionId: string, messageId: string): Promise<SessionSummary> {
  await limitRequest('tool', request);
  const { db, ownerId, session } = await requireSession(request, sessionId);
  const tree = await loadMessageTree(db, ownerId, session.id);
  if (!tree.some((row) => row.id === messageId)) throw new ApiError('not_found', 'That message is not in this session.');
  const rows = await loadMessageRows(db, ownerId, session.id, messageId);
  const messages = await Promise.all(rows.map(async (row) => (await readStoredMessageRow(session.id, row)).message));
  const files = await loadSnapshotFiles(db, ownerId, rows.map((row) => row.id));
  return insertCopiedSession(request, {
    title: `${session.title} (fork)`.slice(0, 200),
    modelKey: session.modelKey,
    messages,
    files,
    settings: sessionLoopSettings(session.settings),
    permissionMode: session.permissionMode,
    mcpOverrides: session.mcpOverrides,
    forkedFrom: { sessionId: session.id, messageId },
  });
}
