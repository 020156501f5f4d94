import { NextResponse } from 'next/server';
import { continuePausedSchema, MAX_CONTINUE_PAUSED_BYTES } from '@/lib/api/paused-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { keepRunning } from '@/lib/server/invocation';
import { continuePausedRun, readPausedRequest } from '@/lib/server/paused-runs';
import { limitRequest } from '@/lib/server/rate-limit';
import { otherMethods } from '@/lib/server/route-methods';
import { requireSession } from '@/lib/server/session-access';

export const dynamic = 'force-dynamic';
/** The continued run goes on after the response: as long as a chat turn may (lib/server/invocation.ts). */
export const maxDuration = 300;

type Context = { params: Promise<{ id: string }> };

/** Step mode: the model call the session's run paused before, with its exact request (404 when nothing waits). */
export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const { db, ownerId } = await requireSession(request, id);
  return NextResponse.json(await readPausedRequest(db, ownerId, id));
});

/** Continue the paused call, as edited or as it was; the tab follows the new run through GET /api/chat/:id/stream. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  await limitRequest('chat', request);
  const body = await readJsonBody(request, continuePausedSchema, MAX_CONTINUE_PAUSED_BYTES);
  const { ownerId, session } = await requireSession(request, id);
  const run = await continuePausedRun({ ownerId, session, body, origin: new URL(request.url).origin });
  keepRunning(run.done);
  return NextResponse.json({ runId: run.runId }, { status: 202 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
