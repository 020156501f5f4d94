import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';
import { WORKSPACE_ROOT } from '@/lib/workspace/limits';
import { resolveWorkspacePath } from '@/lib/workspace/paths';
import type { WorkspaceFileInfo } from '@/lib/workspace/workspace';
import type { WorkspaceHandle } from './handle';

export const listFilesInput = z.object({
  path: z.string().optional().describe(`Directory to list, recursively. Defaults to ${WORKSPACE_ROOT}.`),
});

export interface ListFilesOutput {
  path: string;
  files: WorkspaceFileInfo[];
  totalFiles: number;
  totalBytes: number;
}

export function listFilesTool(workspace: WorkspaceHandle): AgentTool<z.infer<typeof listFilesInput>, ListFilesOutput> {
  return {
    name: 'list_files',
    title: 'List files',
    description: `Lists the files in the workspace (or in one directory of it), recursively, with their sizes in bytes.`,
    inputSchema: listFilesInput,
    readOnly: true,
    permission: 'read',
    timeoutMs: 10_000,
    execute: async ({ path: requested }) => {
      const root = resolveWorkspacePath(requested ?? WORKSPACE_ROOT);
      const all = await (await workspace()).list();
      const files = root === WORKSPACE_ROOT ? all : all.filter((file) => file.path === root || file.path.startsWith(`${root}/`));
      if (files.length === 0 && root !== WORKSPACE_ROOT && !all.some((file) => file.path.startsWith(`${root}/`))) {
        throw new Error(`${root} holds no files (or does not exist).`);
      }
      return { path: root, files, totalFiles: files.length, totalBytes: files.reduce((sum, file) => sum + file.size, 0) };
    },
  };
}
