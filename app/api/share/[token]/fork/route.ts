import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { forkShareFor } from '@/lib/server/shares';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ token: string }> };

/** "Fork into my playground": a new session of the viewer's own from the shared snapshot. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { token } = await params;
  return NextResponse.json({ session: await forkShareFor(request, token) }, { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
