import { NextResponse } from 'next/server';
import { getMcpServer } from '@/db/queries/mcp-servers';
import type { McpTestResult } from '@/lib/api-types';
import { testMcpServer } from '@/lib/mcp/mcp-tools';
import { assertTransportAllowed } from '@/lib/mcp/server-config';
import { getAppDb } from '@/lib/server/db';
import { HttpError, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Connects and lists the tools. A server that cannot be reached is a 200 with `ok: false` and the reason. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const row = await getMcpServer(await getAppDb(), currentOwnerId(request), id);
  if (!row) throw new HttpError(404, 'MCP server not found.', 'not_found');
  assertTransportAllowed(row.transport);
  return NextResponse.json<McpTestResult>(await testMcpServer(row));
});
