import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import type { McpOAuthStatusView } from '@/lib/mcp/oauth-provider';
import { disconnectOAuth } from '@/lib/server/mcp-oauth';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** "Disconnect": forgets this server's tokens and registration (revoking them where the server allows). */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.json<{ oauth: McpOAuthStatusView }>({ oauth: await disconnectOAuth(request, id) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
