import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';
import { clearSessionFor } from '@/lib/server/session-clear';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** `/clear`: a new, empty session with this one's model, mode, settings and MCP switches. No body. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.json({ session: await clearSessionFor(request, id) }, { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
