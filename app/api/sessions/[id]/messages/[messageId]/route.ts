import { NextResponse } from 'next/server';
import { z } from 'zod';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { pinMessageFor } from '@/lib/server/manual-compaction';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; messageId: string }> };

const patchSchema = z.strictObject({ pinned: z.boolean() });

/** Pin: the message is kept verbatim through every compaction. */
export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const { id, messageId } = await params;
  const body = await readJsonBody(request, patchSchema, 1_000);
  await pinMessageFor(request, id, messageId, body.pinned);
  return NextResponse.json({ messageId, pinned: body.pinned });
});
