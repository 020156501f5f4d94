import 'server-only';
import { getWorkspaceFile, listWorkspaceFiles } from '@/db/queries/workspace';
import type { WorkspaceFileContent, WorkspaceListing } from '@/lib/api-types';
import { resolveWorkspaceFilePath } from '@/lib/workspace/paths';
import { decodeText } from '@/lib/workspace/text';
import { ApiError } from './http';
import { requireSession } from './session-access';

/** The session's workspace files (paths and sizes, no content): the file tree. */
export async function workspaceListingFor(request: Request, id: string): Promise<WorkspaceListing> {
  const { db, ownerId } = await requireSession(request, id);
  const files = await listWorkspaceFiles(db, ownerId, id);
  return { files, totalBytes: files.reduce((sum, file) => sum + file.size, 0) };
}

/** One workspace file: its text, or only its size when it is binary. A path outside the workspace is a 400. */
export async function workspaceFileFor(request: Request, id: string, requestedPath: string): Promise<WorkspaceFileContent> {
  const path = resolveWorkspaceFilePath(requestedPath);
  const { db, ownerId } = await requireSession(request, id);
  const file = await getWorkspaceFile(db, ownerId, id, path);
  if (!file) throw new ApiError('not_found', `No file at ${path}.`);
  const text = decodeText(file.content);
  return {
    path: file.path,
    size: file.size,
    updatedAt: file.updatedAt,
    ...(text === undefined ? { binary: true } : { binary: false, content: text }),
  };
}
