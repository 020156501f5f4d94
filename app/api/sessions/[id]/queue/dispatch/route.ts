import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { sendQueuedNow } from '@/lib/server/message-queue';
import { requireSession } from '@/lib/server/session-access';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';
/** The dispatched message's run goes on after the response (lib/server/invocation.ts). */
export const maxDuration = 300;

/** "Send now": sends the first queued message of a held queue. 409 while a run is active, 404 when nothing is queued. */
export const POST = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const { db, ownerId } = await requireSession(request, id);
  return NextResponse.json(await sendQueuedNow({ db, ownerId, sessionId: id }));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
