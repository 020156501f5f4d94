import { NextResponse } from 'next/server';
import { createMcpServerSchema } from '@/lib/mcp/config';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { createServer, listServerViews } from '@/lib/server/mcp-servers';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async (request: Request) => NextResponse.json({ servers: await listServerViews(request) }));

export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, createMcpServerSchema, 100_000);
  return NextResponse.json({ server: await createServer(request, body) }, { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
