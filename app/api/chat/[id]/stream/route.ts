import { createUIMessageStreamResponse } from 'ai';
import { getSession } from '@/db/queries/sessions';
import { getAppDb } from '@/lib/server/db';
import { HttpError, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';
import { getActiveRun } from '@/lib/server/run-manager';

export const dynamic = 'force-dynamic';

/** Reattach after a reload: 204 when nothing runs, else the live run replayed from its start. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const session = await getSession(await getAppDb(), currentOwnerId(request), id);
  if (!session) throw new HttpError(404, 'Session not found.', 'not_found');
  const run = getActiveRun(id);
  if (!run) return new Response(null, { status: 204 });
  return createUIMessageStreamResponse({ stream: run.log.read() });
});
