import { NextResponse } from 'next/server';
import { shareCreateSchema } from '@/lib/api/share-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { createShareFor, listSharesFor } from '@/lib/server/shares';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.json({ shares: await listSharesFor(request, id) });
});

export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = await readJsonBody(request, shareCreateSchema, 100_000);
  return NextResponse.json({ share: await createShareFor(request, id, body) }, { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
