import { NextResponse } from 'next/server';
import { createInviteSchema } from '@/lib/api/accounts';
import { adminInvites, createInvite } from '@/lib/server/accounts';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { requestOrigin, requireAdmin } from '@/lib/server/owner';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async (request: Request) => {
  await requireAdmin(request);
  return NextResponse.json({ invites: await adminInvites() });
});

/** A sign-up link (valid 7 days, once); its token is shown only in this answer. */
export const POST = withErrors(async (request: Request) => {
  const viewer = await requireAdmin(request);
  const body = await readJsonBody(request, createInviteSchema, 1_000);
  return NextResponse.json({ invite: await createInvite(viewer, { ...body, origin: requestOrigin(request) }) }, { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
