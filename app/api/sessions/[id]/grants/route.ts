import { NextResponse } from 'next/server';
import { listActiveGrants } from '@/db/queries/grants';
import type { ToolGrant } from '@/lib/api-types';
import { withErrors } from '@/lib/server/http';
import { requireSession } from '@/lib/server/session-access';

export const dynamic = 'force-dynamic';

/** The session's standing grants ("Always allow TOOL in this session"), oldest first. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const { db, ownerId } = await requireSession(request, id);
  const grants: ToolGrant[] = (await listActiveGrants(db, ownerId, id)).map(({ id: grantId, toolName, scope, createdAt }) => ({ id: grantId, toolName, scope, createdAt }));
  return NextResponse.json({ grants });
});
