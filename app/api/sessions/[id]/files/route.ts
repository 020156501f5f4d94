import { NextResponse } from 'next/server';
import { getSession } from '@/db/queries/sessions';
import { listWorkspaceFiles } from '@/db/queries/workspace';
import type { WorkspaceListing } from '@/lib/api-types';
import { getAppDb } from '@/lib/server/db';
import { HttpError, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';

export const dynamic = 'force-dynamic';

/** The session's workspace files (paths and sizes, no content): the file tree. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const ownerId = currentOwnerId(request);
  const db = await getAppDb();
  if (!(await getSession(db, ownerId, id))) throw new HttpError(404, 'Session not found.', 'not_found');
  const files = await listWorkspaceFiles(db, ownerId, id);
  const listing: WorkspaceListing = { files, totalBytes: files.reduce((sum, file) => sum + file.size, 0) };
  return NextResponse.json(listing);
});
