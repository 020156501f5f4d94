import { NextResponse } from 'next/server';
import { catalogQuerySchema } from '@/lib/api/mcp-catalog-request';
import { withErrors } from '@/lib/server/http';
import { catalogFor, parseQuery } from '@/lib/server/mcp-catalog';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** The resources (and templates) of the owner's enabled MCP servers, with each server's status. */
export const GET = withErrors(async (request: Request) => {
  const { servers, resources, templates } = await catalogFor(request, parseQuery(request, catalogQuerySchema));
  return NextResponse.json({ servers, resources, templates });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
