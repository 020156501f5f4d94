import { NextResponse } from 'next/server';
import type { McpTestResult } from '@/lib/api-types';
import { withErrors } from '@/lib/server/http';
import { testServer } from '@/lib/server/mcp-servers';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Connects and lists the tools. A server that cannot be reached is a 200 with `ok: false` and the reason. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.json<McpTestResult>(await testServer(request, id));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
