import { NextResponse } from 'next/server';
import { revokeInviteFor } from '@/lib/server/accounts';
import { withErrors } from '@/lib/server/http';
import { requireAdmin } from '@/lib/server/owner';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  await requireAdmin(request);
  const { id } = await params;
  await revokeInviteFor(id);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = otherMethods({ DELETE });
