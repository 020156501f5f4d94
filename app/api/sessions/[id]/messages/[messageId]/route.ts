import { NextResponse } from 'next/server';
import { z } from 'zod';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { pinMessageFor } from '@/lib/server/manual-compaction';
import { otherMethods } from '@/lib/server/route-methods';

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

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, POST, PUT, DELETE, HEAD, OPTIONS } = otherMethods({ PATCH });
