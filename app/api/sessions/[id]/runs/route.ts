import { NextResponse } from 'next/server';
import { listRuns } from '@/db/queries/runs';
import { withErrors } from '@/lib/server/http';
import { requireSession } from '@/lib/server/session-access';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const { db, ownerId } = await requireSession(request, id);
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
