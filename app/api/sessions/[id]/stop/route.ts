import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { getActiveRun, stopRun } from '@/lib/server/run-manager';
import { requireSession } from '@/lib/server/session-access';

export const dynamic = 'force-dynamic';

/** Stop is a server command: it aborts the run itself, not just this browser's connection. */
export const POST = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  await requireSession(request, id);
  const run = getActiveRun(id);
  const stopped = stopRun(id);
  // Answer once the partial answer is saved, so a reload right after Stop shows it.
  if (run) await run.done;
  return NextResponse.json({ stopped });
});
