import { NextResponse } from 'next/server';
import { patchMcpServerSchema } from '@/lib/mcp/config';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { patchServer, removeServer } from '@/lib/server/mcp-servers';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = await readJsonBody(request, patchMcpServerSchema, 100_000);
  return NextResponse.json({ server: await patchServer(request, id, body) });
});

export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  await removeServer(request, id);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, POST, PUT, HEAD, OPTIONS } = otherMethods({ PATCH, DELETE });
