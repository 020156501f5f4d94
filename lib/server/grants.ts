import 'server-only';
import { listActiveGrants, revokeGrant } from '@/db/queries/grants';
import type { ToolGrant } from '@/lib/api-types';
import { getAppDb } from './db';
import { ApiError } from './http';
import { currentOwnerId } from './owner';
import { requireSession } from './session-access';

/** The session's standing grants ("Always allow TOOL in this session"), oldest first. */
export async function listGrantsFor(request: Request, id: string): Promise<ToolGrant[]> {
  const { db, ownerId } = await requireSession(request, id);
  return (await listActiveGrants(db, ownerId, id)).map(({ id: grantId, toolName, scope, createdAt }) => ({ id: grantId, toolName, scope, createdAt }));
}

/** Revokes a grant: the tool asks again from its next call. */
export async function revokeGrantFor(request: Request, id: string, grantId: string): Promise<void> {
  if (!(await revokeGrant(await getAppDb(), (await currentOwnerId(request)), id, grantId))) throw new ApiError('not_found', 'Grant not found.');
}
