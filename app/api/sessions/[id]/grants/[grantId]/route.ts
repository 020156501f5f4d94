import { NextResponse } from 'next/server';
import { revokeGrantFor } from '@/lib/server/grants';
import { withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** Revokes a grant: the tool asks again from its next call. */
export const DELETE = withErrors(async (request: Request, { params }: { params: Promise<{ id: string; grantId: string }> }) => {
  const { id, grantId } = await params;
  await revokeGrantFor(request, id, grantId);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = otherMethods({ DELETE });
