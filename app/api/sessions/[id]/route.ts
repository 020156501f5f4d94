import { NextResponse } from 'next/server';
import { z } from 'zod';
import { MAX_PAGE_MESSAGES } from '@/lib/api/transcript-page';
import { MAX_SETTINGS_BODY_BYTES, sessionPatchSchema } from '@/lib/api/session-request';
import { ApiError, readJsonBody, withErrors } from '@/lib/server/http';
import { deleteSessionFor, getSessionDetail, updateSessionFor } from '@/lib/server/sessions';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

const detailQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(MAX_PAGE_MESSAGES).optional() });

/** The session with its transcript: the whole shown branch, or with `?limit=N` its last page and what lies before it. */
export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const query = detailQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new ApiError('bad_request', `Invalid request: ${query.error.issues[0]?.message ?? 'bad query'}`);
  return NextResponse.json({ session: await getSessionDetail(request, id, query.data.limit) });
});

export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = await readJsonBody(request, sessionPatchSchema, MAX_SETTINGS_BODY_BYTES);
  return NextResponse.json({ session: await updateSessionFor(request, id, body) });
});

export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  await deleteSessionFor(request, id);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
