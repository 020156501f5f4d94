import { NextResponse } from 'next/server';
import { listActiveGrants } from '@/db/queries/grants';
import { getSession } from '@/db/queries/sessions';
import type { ToolGrant } from '@/lib/api-types';
import { getAppDb } from '@/lib/server/db';
import { HttpError, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';

export const dynamic = 'force-dynamic';

/** The session's standing grants ("Always allow TOOL in this session"), oldest first. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const ownerId = currentOwnerId(request);
  const db = await getAppDb();
  if (!(await getSession(db, ownerId, id))) throw new HttpError(404, 'Session not found.', 'not_found');
  const grants: ToolGrant[] = (await listActiveGrants(db, ownerId, id)).map(({ id: grantId, toolName, scope, createdAt }) => ({ id: grantId, toolName, scope, createdAt }));
  return NextResponse.json({ grants });
});
