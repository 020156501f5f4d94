import { NextResponse } from 'next/server';
import { createMcpServerSchema } from '@/lib/mcp/config';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { createServer, listServerViews } from '@/lib/server/mcp-servers';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async (request: Request) => NextResponse.json({ servers: await listServerViews(request) }));

export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, createMcpServerSchema, 100_000);
  return NextResponse.json({ server: await createServer(request, body) }, { status: 201 });
});
