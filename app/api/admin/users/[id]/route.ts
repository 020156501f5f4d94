import { NextResponse } from 'next/server';
import { userPatchSchema } from '@/lib/api/accounts';
import { updateUserFor } from '@/lib/server/accounts';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { requireAdmin } from '@/lib/server/owner';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const viewer = await requireAdmin(request);
  const { id } = await params;
  return NextResponse.json({ user: await updateUserFor(viewer, id, await readJsonBody(request, userPatchSchema, 1_000)) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, POST, PUT, DELETE, HEAD, OPTIONS } = otherMethods({ PATCH });
