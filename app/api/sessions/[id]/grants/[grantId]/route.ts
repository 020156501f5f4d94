import { NextResponse } from 'next/server';
import { revokeGrant } from '@/db/queries/grants';
import { getAppDb } from '@/lib/server/db';
import { HttpError, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';

export const dynamic = 'force-dynamic';

/** Revokes a grant: the tool asks again from its next call. */
export const DELETE = withErrors(async (request: Request, { params }: { params: Promise<{ id: string; grantId: string }> }) => {
  const { id, grantId } = await params;
  const revoked = await revokeGrant(await getAppDb(), currentOwnerId(request), id, grantId);
  if (!revoked) throw new HttpError(404, 'Grant not found.', 'not_found');
  return NextResponse.json({ ok: true });
});
