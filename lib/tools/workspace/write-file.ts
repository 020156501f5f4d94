import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';
import { fileDiff, type FileDiff } from '@/lib/workspace/file-diff';
import { MAX_FILE_BYTES } from '@/lib/workspace/limits';
import { resolveWorkspaceFilePath } from '@/lib/workspace/paths';
import { exactBytes, formatBytes } from '@/lib/workspace/text';
import { WorkspaceLimitError } from '@/lib/workspace/workspace';
import { previousText, writeTextFile } from './files';
import type { WorkspaceHandle } from './handle';

export const writeFileInput = z.object({
  path: z.string().min(1).describe('File path, absolute (/workspace/src/app.ts) or relative to /workspace. Parent directories are created.'),
  content: z.string().describe('The complete new content of the file.'),
});

/** What write_file and edit_file return: enough for the card's diff and for the model to confirm the change. */
export interface FileChangeOutput extends FileDiff {
  path: string;
  /** The file did not exist before. */
  created: boolean;
  /** Size after the change, in bytes. */
  size: number;
}

/** The model needs the summary, not the whole patch it just wrote: its copy is cut short (the card keeps it all). */
export const FILE_CHANGE_RESULT_CHARS = 2_000;

export function assertFileSize(path: string, content: string): void {
  const bytes = Buffer.byteLength(content);
  if (bytes > MAX_FILE_BYTES) throw new WorkspaceLimitError(`${path} would be ${exactBytes(bytes)}; a file may be at most ${exactBytes(MAX_FILE_BYTES)} (${formatBytes(MAX_FILE_BYTES)}). Nothing was written.`);
}

/** The output of a file change, summary first (the model's copy is cut after FILE_CHANGE_RESULT_CHARS). */
export function fileChange(path: string, created: boolean, before: string, after: string): FileChangeOutput {
  const { patch, linesAdded, linesRemoved, patchTruncated } = fileDiff(path, before, after);
  return { path, created, size: Buffer.byteLength(after), linesAdded, linesRemoved, patchTruncated, patch };
}

export function writeFileTool(workspace: WorkspaceHandle): AgentTool<z.infer<typeof writeFileInput>, FileChangeOutput> {
  return {
    name: 'write_file',
    title: 'Write file',
    description: 'Creates a file in the workspace, or replaces its whole content. For small changes to an existing file prefer edit_file.',
    inputSchema: writeFileInput,
    readOnly: false,
    permission: 'write',
    timeoutMs: 15_000,
    maxResultChars: FILE_CHANGE_RESULT_CHARS,
    execute: async ({ path: requested, content }) => {
      const path = resolveWorkspaceFilePath(requested);
      assertFileSize(path, content);
      const { result } = await (await workspace()).mutate(async (fs) => {
        const before = await previousText(fs, path);
        await writeTextFile(fs, path, content);
        return { before };
      });
      return fileChange(path, result.before === undefined, result.before ?? '', content);
    },
  };
}
