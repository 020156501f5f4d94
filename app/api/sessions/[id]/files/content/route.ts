import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getWorkspaceFile } from '@/db/queries/workspace';
import type { WorkspaceFileContent } from '@/lib/api-types';
import { HttpError, withErrors } from '@/lib/server/http';
import { requireSession } from '@/lib/server/session-access';
import { MAX_PATH_LENGTH, resolveWorkspaceFilePath, WorkspacePathError } from '@/lib/workspace/paths';
import { decodeText } from '@/lib/workspace/text';

export const dynamic = 'force-dynamic';

const querySchema = z.object({ path: z.string().min(1, 'path is required').max(MAX_PATH_LENGTH) });

/** One workspace file: its text, or only its size when it is binary. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const parsed = querySchema.safeParse({ path: new URL(request.url).searchParams.get('path') ?? '' });
  if (!parsed.success) throw new HttpError(400, `Invalid request: ${parsed.error.issues[0]?.message ?? 'bad path'}`, 'bad_request');
  let path: string;
  try {
    path = resolveWorkspaceFilePath(parsed.data.path);
  } catch (error) {
    if (error instanceof WorkspacePathError) throw new HttpError(400, error.message, 'bad_request');
    throw error;
  }

  const { db, ownerId } = await requireSession(request, id);
  const file = await getWorkspaceFile(db, ownerId, id, path);
  if (!file) throw new HttpError(404, `No file at ${path}.`, 'not_found');
  const text = decodeText(file.content);
  const body: WorkspaceFileContent = {
    path: file.path,
    size: file.size,
    updatedAt: file.updatedAt,
    ...(text === undefined ? { binary: true } : { binary: false, content: text }),
  };
  return NextResponse.json({ file: body });
});
