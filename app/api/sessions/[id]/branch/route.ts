import { NextResponse } from 'next/server';
import { messageRefSchema } from '@/lib/api/session-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { showBranchFor } from '@/lib/server/sessions';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Shows another version of a message (and the latest line below it); answers the session as it now shows. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const { messageId } = await readJsonBody(request, messageRefSchema, 1_000);
  return NextResponse.json({ session: await showBranchFor(request, id, messageId) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
