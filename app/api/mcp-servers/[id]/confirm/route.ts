import { NextResponse } from 'next/server';
import { confirmStdioCommandSchema } from '@/lib/mcp/config';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { confirmStdioCommand } from '@/lib/server/mcp-servers';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** The operator read the exact command line and allows it to run: the body repeats it, and it must match. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = await readJsonBody(request, confirmStdioCommandSchema, 100_000);
  return NextResponse.json({ server: await confirmStdioCommand(request, id, body) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
