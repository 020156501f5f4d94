import { NextResponse } from 'next/server';
import { MAX_MESSAGE_CHARS } from '@/lib/api/chat-request';
import { queueEditSchema } from '@/lib/api/queue-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { cancelQueuedMessage, editQueuedMessage } from '@/lib/server/message-queue';
import { requireSession } from '@/lib/server/session-access';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; itemId: string }> };

/** Edits a queued message; 404 `not_queued` when it was already sent or cancelled. */
export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const { id, itemId } = await params;
  const body = await readJsonBody(request, queueEditSchema, MAX_MESSAGE_CHARS * 4);
  const { db, ownerId } = await requireSession(request, id);
  return NextResponse.json(await editQueuedMessage({ db, ownerId, sessionId: id, id: itemId, text: body.text }));
});

/** Cancels a queued message; 404 `not_queued` when it was already sent or cancelled. */
export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  const { id, itemId } = await params;
  const { db, ownerId } = await requireSession(request, id);
  return NextResponse.json(await cancelQueuedMessage({ db, ownerId, sessionId: id, id: itemId }));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, POST, PUT, HEAD, OPTIONS } = otherMethods({ PATCH, DELETE });
