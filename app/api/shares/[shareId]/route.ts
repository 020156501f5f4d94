import { NextResponse } from 'next/server';
import { shareUpdateSchema } from '@/lib/api/share-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { revokeShareFor, updateShareFor } from '@/lib/server/shares';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ shareId: string }> };

export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const { shareId } = await params;
  const body = await readJsonBody(request, shareUpdateSchema, 100_000);
  return NextResponse.json({ share: await updateShareFor(request, shareId, body) });
});

/** Revokes the link: from now on it answers 404. */
export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  const { shareId } = await params;
  await revokeShareFor(request, shareId);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, POST, PUT, HEAD, OPTIONS } = otherMethods({ PATCH, DELETE });
