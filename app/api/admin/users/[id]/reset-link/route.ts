import { NextResponse } from 'next/server';
import { resetLinkFor } from '@/lib/server/accounts';
import { withErrors } from '@/lib/server/http';
import { requireAdmin } from '@/lib/server/owner';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** A one-time password-reset link for this user, for the admin to pass on. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  await requireAdmin(request);
  const { id } = await params;
  return NextResponse.json(await resetLinkFor(request, id), { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
