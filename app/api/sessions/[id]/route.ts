import { NextResponse } from 'next/server';
import { sessionPatchSchema } from '@/lib/api/session-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { deleteSessionFor, getSessionDetail, updateSessionFor } from '@/lib/server/sessions';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.json({ session: await getSessionDetail(request, id) });
});

export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = await readJsonBody(request, sessionPatchSchema, 10_000);
  return NextResponse.json({ session: await updateSessionFor(request, id, body) });
});

export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  await deleteSessionFor(request, id);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
