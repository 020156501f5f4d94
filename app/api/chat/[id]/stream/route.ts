import { withErrors } from '@/lib/server/http';
import { followSessionRun } from '@/lib/server/run-follow';
import { requireSession } from '@/lib/server/session-access';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';
/** A follower streams for at most this many seconds per invocation on Vercel (lib/server/invocation.ts). */
export const maxDuration = 300;

/** Reattach after a reload, from another tab or another instance: 204 when nothing runs, else the run from `?after=`/Last-Event-ID, then live. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const { db, ownerId } = await requireSession(request, id);
  return followSessionRun(request, db, ownerId, id);
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
