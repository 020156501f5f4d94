import { NextResponse } from 'next/server';
import { sharePreviewSchema } from '@/lib/api/share-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { previewShareFor } from '@/lib/server/shares';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Exactly what a share with these choices would show, and what the secret scan found. Writes nothing. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = await readJsonBody(request, sharePreviewSchema, 100_000);
  return NextResponse.json({ preview: await previewShareFor(request, id, body) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
