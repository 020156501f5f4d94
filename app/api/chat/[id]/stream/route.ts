import { createUIMessageStreamResponse } from 'ai';
import { withErrors } from '@/lib/server/http';
import { getActiveRun } from '@/lib/server/run-manager';
import { requireSession } from '@/lib/server/session-access';

export const dynamic = 'force-dynamic';

/** Reattach after a reload: 204 when nothing runs, else the live run replayed from its start. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  await requireSession(request, id);
  const run = getActiveRun(id);
  if (!run) return new Response(null, { status: 204 });
  return createUIMessageStreamResponse({ stream: run.log.read() });
});
