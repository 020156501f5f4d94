import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { stopSessionRun } from '@/lib/server/run-follow';
import { requireSession } from '@/lib/server/session-access';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** Stop is a server command: it stops the run itself, whichever instance runs it, and answers once the partial answer is saved. */
export const POST = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const { db, ownerId } = await requireSession(request, id);
  return NextResponse.json({ stopped: await stopSessionRun(db, ownerId, id) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
