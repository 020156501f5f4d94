import { NextResponse } from 'next/server';
import type { CompactionResponse } from '@/lib/api-types';
import { HttpError, withErrors } from '@/lib/server/http';
import { undoSessionCompaction } from '@/lib/server/manual-compaction';
import { isSessionRunning } from '@/lib/server/run-manager';
import { requireSession } from '@/lib/server/session-access';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; compactionId: string }> };

/** "Undo compaction": the next request sees the full context again (the answer warns when it no longer fits). */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id, compactionId } = await params;
  const { db, ownerId, session } = await requireSession(request, id);
  if (isSessionRunning(session.id)) {
    throw new HttpError(409, 'The agent is working in this session. Wait for it to finish or press Stop, then undo.', 'run_active');
  }
  const { undone, context, warning } = await undoSessionCompaction(db, ownerId, session, compactionId);
  if (!undone) throw new HttpError(404, 'No compaction to undo with this id (it may already be undone).', 'not_found');
  const response: CompactionResponse = { context, ...(warning ? { warning } : {}) };
  return NextResponse.json(response);
});
