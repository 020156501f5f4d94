import { NextResponse } from 'next/server';
import { resourceReadQuerySchema } from '@/lib/api/mcp-catalog-request';
import { withErrors } from '@/lib/server/http';
import { parseQuery, resourceFor } from '@/lib/server/mcp-catalog';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** One resource of an enabled MCP server, read now: its text (capped) or what its binary content is. */
export const GET = withErrors(async (request: Request) => {
  return NextResponse.json({ resource: await resourceFor(request, parseQuery(request, resourceReadQuerySchema)) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
