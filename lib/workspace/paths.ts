import path from 'node:path';
import { WORKSPACE_ROOT } from './limits';

export class WorkspacePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkspacePathError';
  }
}

/** Longest path accepted (the database key and the UI both stay readable). */
export const MAX_PATH_LENGTH = 1024;

/**
 * Resolves a path the agent or the browser gave to an absolute path inside the
 * workspace: relative paths are taken from WORKSPACE_ROOT, `..` is resolved,
 * and anything that ends up outside is refused.
 */
export function resolveWorkspacePath(input: string): string {
  if (typeof input !== 'string' || input.trim() === '') throw new WorkspacePathError('The path is empty.');
  if (input.length > MAX_PATH_LENGTH) throw new WorkspacePathError(`The path is longer than ${MAX_PATH_LENGTH} characters.`);
  if (input.includes('\0')) throw new WorkspacePathError('The path contains a NUL character.');
  // A file name is one line of visible text (lib/api/text-input.ts): no line breaks, tabs or escape codes.
  if (/[\u0001-\u001f\u007f-\u009f\u2028\u2029]/.test(input)) throw new WorkspacePathError('The path contains a control character.');
  const resolved = path.posix.resolve(WORKSPACE_ROOT, input.trim());
  if (resolved !== WORKSPACE_ROOT && !resolved.startsWith(`${WORKSPACE_ROOT}/`)) {
    throw new WorkspacePathError(`"${input}" is outside the workspace: paths must be inside ${WORKSPACE_ROOT}.`);
  }
  return resolved;
}

/** Resolves a path that must name a file (not the workspace root itself). */
export function resolveWorkspaceFilePath(input: string): string {
  const resolved = resolveWorkspacePath(input);
  if (resolved === WORKSPACE_ROOT) throw new WorkspacePathError(`${WORKSPACE_ROOT} is a directory; give a file path such as ${WORKSPACE_ROOT}/notes.md.`);
  return resolved;
}

export function isInsideWorkspace(absolutePath: string): boolean {
  return absolutePath.startsWith(`${WORKSPACE_ROOT}/`);
}
