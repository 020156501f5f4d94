import { NextResponse } from 'next/server';
import { listWorkspaceFiles } from '@/db/queries/workspace';
import type { WorkspaceListing } from '@/lib/api-types';
import { withErrors } from '@/lib/server/http';
import { requireSession } from '@/lib/server/session-access';

export const dynamic = 'force-dynamic';

/** The session's workspace files (paths and sizes, no content): the file tree. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const { db, ownerId } = await requireSession(request, id);
  const files = await listWorkspaceFiles(db, ownerId, id);
  const listing: WorkspaceListing = { files, totalBytes: files.reduce((sum, file) => sum + file.size, 0) };
  return NextResponse.json(listing);
});
