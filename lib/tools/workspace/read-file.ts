import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';
import { resolveWorkspaceFilePath } from '@/lib/workspace/paths';
import { decodeText } from '@/lib/workspace/text';
import { readExistingFile } from './files';
import type { WorkspaceHandle } from './handle';

/** Lines returned when no end line is given: enough for most files, bounded for large ones. */
export const DEFAULT_READ_LINES = 2000;

export const readFileInput = z.object({
  path: z.string().min(1).describe('File path, absolute (/workspace/notes.md) or relative to /workspace.'),
  start_line: z.number().int().min(1).optional().describe('First line to return (1-based). Defaults to 1.'),
  end_line: z.number().int().min(1).optional().describe(`Last line to return (inclusive). Defaults to start_line + ${DEFAULT_READ_LINES - 1}.`),
});

export interface ReadFileOutput {
  path: string;
  content: string;
  startLine: number;
  endLine: number;
  totalLines: number;
  size: number;
  /** More lines follow endLine. */
  truncated: boolean;
}

/** Splits text into lines the way editors count them: a final newline does not start an extra line. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export function readFileTool(workspace: WorkspaceHandle): AgentTool<z.infer<typeof readFileInput>, ReadFileOutput> {
  return {
    name: 'read_file',
    title: 'Read file',
    description: `Reads a text file from the workspace, optionally only a range of lines (1-based, inclusive). Without a range it returns the first ${DEFAULT_READ_LINES} lines and says whether more follow.`,
    inputSchema: readFileInput,
    readOnly: true,
    permission: 'read',
    timeoutMs: 10_000,
    execute: async ({ path: requested, start_line, end_line }) => {
      const path = resolveWorkspaceFilePath(requested);
      const bytes = await (await workspace()).read((fs) => readExistingFile(fs, path));
      const text = decodeText(bytes);
      if (text === undefined) throw new Error(`${path} is a binary file (${bytes.byteLength} bytes); inspect it with bash (e.g. od -c, base64).`);
      const lines = splitLines(text);
      const startLine = start_line ?? 1;
      if (end_line !== undefined && end_line < startLine) throw new Error(`end_line (${end_line}) is before start_line (${startLine}).`);
      if (lines.length > 0 && startLine > lines.length) throw new Error(`${path} has ${lines.length} lines; start_line ${startLine} is past the end.`);
      const endLine = Math.min(end_line ?? startLine + DEFAULT_READ_LINES - 1, lines.length);
      return {
        path,
        content: lines.slice(startLine - 1, endLine).join('\n'),
        startLine,
        endLine,
        totalLines: lines.length,
        size: bytes.byteLength,
        truncated: endLine < lines.length && end_line === undefined,
      };
    },
  };
}
