import { NextResponse } from 'next/server';
import { getSession } from '@/db/queries/sessions';
import { getAppDb } from '@/lib/server/db';
import { HttpError, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';
import { getActiveRun, stopRun } from '@/lib/server/run-manager';

export const dynamic = 'force-dynamic';

/** Stop is a server command: it aborts the run itself, not just this browser's connection. */
export const POST = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const session = await getSession(await getAppDb(), currentOwnerId(request), id);
  if (!session) throw new HttpError(404, 'Session not found.', 'not_found');
  const run = getActiveRun(id);
  const stopped = stopRun(id);
  // Answer once the partial answer is saved, so a reload right after Stop shows it.
  if (run) await run.done;
  return NextResponse.json({ stopped });
});
