import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import type { McpOAuthStatusView } from '@/lib/mcp/oauth-provider';
import { oauthStatus } from '@/lib/server/mcp-oauth';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Whether this remote server is connected over OAuth (never the tokens). */
export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.json<{ oauth: McpOAuthStatusView }>({ oauth: await oauthStatus(request, id) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
