import { NextResponse } from 'next/server';
import { getSession } from '@/db/queries/sessions';
import { getAppDb } from '@/lib/server/db';
import { HttpError, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';
import { contextReport } from '@/lib/server/session-context';

export const dynamic = 'force-dynamic';

/** The context meter's numbers: measured by the same function the compaction trigger uses. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const ownerId = currentOwnerId(request);
  const db = await getAppDb();
  const session = await getSession(db, ownerId, id);
  if (!session) throw new HttpError(404, 'Session not found.', 'not_found');
  return NextResponse.json({ context: await contextReport(db, ownerId, session) });
});
