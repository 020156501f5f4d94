import { NextResponse } from 'next/server';
import { sessionCreateSchema } from '@/lib/api/session-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { createSessionFor, listSessionSummaries } from '@/lib/server/sessions';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async (request: Request) => {
  return NextResponse.json({ sessions: await listSessionSummaries(request) });
});

export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, sessionCreateSchema, 10_000);
  return NextResponse.json({ session: await createSessionFor(request, body) }, { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
