import { NextResponse } from 'next/server';
import { messageRefSchema } from '@/lib/api/session-request';
import { forkSessionFor } from '@/lib/server/fork';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** "Fork from here": a new session with the branch up to this message and the workspace as it was then. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const { messageId } = await readJsonBody(request, messageRefSchema, 1_000);
  return NextResponse.json({ session: await forkSessionFor(request, id, messageId) }, { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
