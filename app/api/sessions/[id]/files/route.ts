import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { workspaceListingFor } from '@/lib/server/workspace-files';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** The session's workspace files (paths and sizes, no content): the file tree. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  return NextResponse.json(await workspaceListingFor(request, id));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
