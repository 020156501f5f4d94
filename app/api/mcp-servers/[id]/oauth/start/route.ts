import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { startOAuth } from '@/lib/server/mcp-oauth';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** "Connect": the authorization server's address to send the browser to (or the status, when stored tokens still work). */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.json(await startOAuth(request, id));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
