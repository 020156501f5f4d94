import { NextResponse } from 'next/server';
import { listRuns } from '@/db/queries/runs';
import { getSession } from '@/db/queries/sessions';
import { getAppDb } from '@/lib/server/db';
import { HttpError, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const ownerId = currentOwnerId(request);
  const db = await getAppDb();
  if (!(await getSession(db, ownerId, id))) throw new HttpError(404, 'Session not found.', 'not_found');
  const runs = await listRuns(db, ownerId, id);
  return NextResponse.json({
    runs: runs.map(({ id, messageId, modelKey, status, endReason, usage, startedAt, endedAt }) => ({
      id,
      messageId,
      modelKey,
      status,
      endReason,
      usage,
      startedAt,
      endedAt,
    })),
  });
});
