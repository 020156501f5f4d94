import { NextResponse } from 'next/server';
import { sessionMcpSwitchesSchema } from '@/lib/api/mcp-switches-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';
import { getSessionMcpSwitches, putSessionMcpSwitches } from '@/lib/server/session-mcp-switches';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** The owner's MCP servers and this session's own switches over them (session settings). */
export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.json(await getSessionMcpSwitches(request, id));
});

/** Replaces the session's switches; they apply from the session's next request. */
export const PUT = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.json(await putSessionMcpSwitches(request, id, await readJsonBody(request, sessionMcpSwitchesSchema, 100_000)));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
