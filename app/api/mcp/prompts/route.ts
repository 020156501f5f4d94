import { NextResponse } from 'next/server';
import { catalogQuerySchema, promptGetSchema } from '@/lib/api/mcp-catalog-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { catalogFor, parseQuery, promptFor } from '@/lib/server/mcp-catalog';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** The prompts of the owner's enabled MCP servers (slash commands), with each server's status. */
export const GET = withErrors(async (request: Request) => {
  const { servers, prompts } = await catalogFor(request, parseQuery(request, catalogQuerySchema));
  return NextResponse.json({ servers, prompts });
});

/** prompts/get with the person's arguments: the prompt as text for the composer. */
export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, promptGetSchema, 100_000);
  return NextResponse.json({ prompt: await promptFor(request, body) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
