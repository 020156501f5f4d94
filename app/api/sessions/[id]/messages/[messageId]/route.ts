import { NextResponse } from 'next/server';
import { z } from 'zod';
import { setMessagePinned } from '@/db/queries/compactions';
import { HttpError, readJsonBody, withErrors } from '@/lib/server/http';
import { requireSession } from '@/lib/server/session-access';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; messageId: string }> };

const patchSchema = z.strictObject({ pinned: z.boolean() });

/** Pin: the message is kept verbatim through every compaction. */
export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const { id, messageId } = await params;
  const body = await readJsonBody(request, patchSchema, 1_000);
  const { db, ownerId, session } = await requireSession(request, id);
  const updated = await setMessagePinned(db, ownerId, session.id, messageId, body.pinned);
  if (!updated) throw new HttpError(404, 'Message not found in this session.', 'not_found');
  return NextResponse.json({ messageId, pinned: body.pinned });
});
