import type { Workspace } from '@/lib/workspace/workspace';

/**
 * How a workspace tool reaches its session's workspace. Opened on first use,
 * so a run that never touches files never loads them.
 */
export type WorkspaceHandle = () => Promise<Workspace>;

/** Opens the workspace once, on the first call; a failed open is retried on the next call. */
export function lazyWorkspace(open: () => Promise<Workspace>): WorkspaceHandle {
  let opening: Promise<Workspace> | undefined;
  return () => {
    opening ??= open().catch((error) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
}
