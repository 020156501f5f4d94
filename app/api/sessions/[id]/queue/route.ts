import { NextResponse } from 'next/server';
import { MAX_QUEUE_BODY_BYTES, queueMessageSchema } from '@/lib/api/queue-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { queueMessage, readQueue } from '@/lib/server/message-queue';
import { requireSession } from '@/lib/server/session-access';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';
/** A queued message sent at once starts a run that goes on after the response (lib/server/invocation.ts). */
export const maxDuration = 300;

type Context = { params: Promise<{ id: string }> };

/** The session's queued messages, in the order they will be sent. */
export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const { db, ownerId } = await requireSession(request, id);
  return NextResponse.json(await readQueue(db, ownerId, id));
});

/** Queues a message behind the active run (sent at once when nothing runs and nothing else waits). */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = await readJsonBody(request, queueMessageSchema, MAX_QUEUE_BODY_BYTES);
  const { db, ownerId } = await requireSession(request, id);
  return NextResponse.json(await queueMessage({ request, db, ownerId, sessionId: id, text: body.text, modelKey: body.modelKey, images: body.images }), { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
