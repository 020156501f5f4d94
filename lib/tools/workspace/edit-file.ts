import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';
import { resolveWorkspaceFilePath } from '@/lib/workspace/paths';
import { readTextIfExists, writeTextFile } from './files';
import type { WorkspaceHandle } from './handle';
import { assertFileSize, FILE_CHANGE_RESULT_CHARS, fileChange, type FileChangeOutput } from './write-file';

export const editFileInput = z.object({
  path: z.string().min(1).describe('File path, absolute or relative to /workspace. The file must exist.'),
  old_string: z.string().min(1).describe('The exact text to replace, including whitespace and indentation. It must occur exactly once unless replace_all is true.'),
  new_string: z.string().describe('The text to put in its place.'),
  replace_all: z.boolean().optional().describe('Replace every occurrence instead of exactly one. Defaults to false.'),
});

export interface EditFileOutput extends FileChangeOutput {
  replacements: number;
}

/** Counts non-overlapping occurrences, left to right (as replacement will see them). */
function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) count++;
  return count;
}

/** The edit itself, without a file system: throws a message the model can act on when it cannot be done unambiguously. */
export function applyEdit(path: string, text: string, oldString: string, newString: string, replaceAll: boolean): { text: string; replacements: number } {
  if (oldString === newString) throw new Error('old_string and new_string are identical, so there is nothing to change.');
  const count = countOccurrences(text, oldString);
  if (count === 0) throw new Error(`old_string was not found in ${path}. Read the file and copy the exact text, including whitespace and indentation.`);
  if (count > 1 && !replaceAll) {
    throw new Error(`old_string occurs ${count} times in ${path}. Include more surrounding lines to make it unique, or set replace_all to true to change every occurrence.`);
  }
  // split/join, not String.replace: `$&` and friends in new_string must stay literal.
  if (replaceAll) return { text: text.split(oldString).join(newString), replacements: count };
  const at = text.indexOf(oldString);
  return { text: text.slice(0, at) + newString + text.slice(at + oldString.length), replacements: 1 };
}

export function editFileTool(workspace: WorkspaceHandle): AgentTool<z.infer<typeof editFileInput>, EditFileOutput> {
  return {
    name: 'edit_file',
    title: 'Edit file',
    description:
      'Replaces an exact string in a workspace file with another. old_string must match the file exactly (whitespace included) and occur once, unless replace_all is true. Read the file first. Fails, changing nothing, when old_string is absent, ambiguous, or equal to new_string.',
    inputSchema: editFileInput,
    readOnly: false,
    permission: 'write',
    timeoutMs: 15_000,
    maxResultChars: FILE_CHANGE_RESULT_CHARS,
    execute: async ({ path: requested, old_string, new_string, replace_all }) => {
      const path = resolveWorkspaceFilePath(requested);
      const { result } = await (await workspace()).mutate(async (fs) => {
        const before = await readTextIfExists(fs, path);
        if (before === undefined) throw new Error(`${path} does not exist. Use write_file to create it.`);
        const edited = applyEdit(path, before, old_string, new_string, replace_all ?? false);
        assertFileSize(path, edited.text);
        await writeTextFile(fs, path, edited.text);
        return { before, ...edited };
      });
      const { path: _path, ...change } = fileChange(path, false, result.before, result.text);
      return { path, replacements: result.replacements, ...change };
    },
  };
}
