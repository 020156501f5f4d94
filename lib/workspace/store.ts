/** One stored file of a workspace. */
export interface StoredWorkspaceFile {
  /** Absolute path under WORKSPACE_ROOT. */
  path: string;
  content: Uint8Array;
}

/** What changed since the last save: files written (new or different content) and files deleted. */
export interface WorkspaceChanges {
  upserts: StoredWorkspaceFile[];
  deletions: string[];
}

/**
 * Where a workspace is kept. The database implementation lives in
 * db/queries/workspace.ts; tests may use an in-memory one.
 */
export interface WorkspaceStore {
  load(): Promise<StoredWorkspaceFile[]>;
  /** Applies the changes atomically. */
  save(changes: WorkspaceChanges): Promise<void>;
}

/** A store kept in memory, for tests and previews that need no database. */
export function memoryWorkspaceStore(initial: StoredWorkspaceFile[] = []): WorkspaceStore & { files: Map<string, Uint8Array> } {
  const files = new Map(initial.map((file) => [file.path, file.content]));
  return {
    files,
    load: async () => [...files].map(([path, content]) => ({ path, content })),
    save: async ({ upserts, deletions }) => {
      for (const path of deletions) files.delete(path);
      for (const file of upserts) files.set(file.path, file.content);
    },
  };
}
