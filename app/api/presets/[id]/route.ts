import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { deletePresetFor } from '@/lib/server/presets';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  await deletePresetFor(request, id);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
