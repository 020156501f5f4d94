import { RE2JS, RE2JSException } from 're2js';
import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';
import { WORKSPACE_ROOT } from '@/lib/workspace/limits';
import { resolveWorkspacePath } from '@/lib/workspace/paths';
import { decodeText } from '@/lib/workspace/text';
import type { WorkspaceHandle } from './handle';

/** Matching lines returned at most; the output says when there were more. */
export const MAX_GREP_MATCHES = 200;
/** A matching line longer than this is cut in the output. */
const MAX_GREP_LINE_CHARS = 500;

export const grepInput = z.object({
  pattern: z.string().min(1).max(1000).describe('Regular expression (RE2 syntax: like JavaScript regex, without lookaround or backreferences).'),
  path: z.string().optional().describe(`File or directory to search, recursively. Defaults to ${WORKSPACE_ROOT}.`),
  ignore_case: z.boolean().optional().describe('Match case-insensitively. Defaults to false.'),
});

export interface GrepOutput {
  pattern: string;
  /** `path:line: text` (1-based line numbers), as `grep -rn` prints them. */
  matches: string[];
  filesSearched: number;
  /** More than MAX_GREP_MATCHES lines matched. */
  truncated: boolean;
}

/**
 * Searches with RE2 (linear time), not JavaScript's backtracking engine: a
 * pattern from the model must never be able to stall the server.
 */
export function grepTool(workspace: WorkspaceHandle): AgentTool<z.infer<typeof grepInput>, GrepOutput> {
  return {
    name: 'grep',
    title: 'Search files',
    description: `Searches the workspace's text files for a regular expression and returns matching lines as path:line: text (at most ${MAX_GREP_MATCHES}).`,
    inputSchema: grepInput,
    readOnly: true,
    permission: 'read',
    timeoutMs: 20_000,
    execute: async ({ pattern, path: requested, ignore_case }) => {
      let regex: RE2JS;
      try {
        regex = RE2JS.compile(pattern, ignore_case ? RE2JS.CASE_INSENSITIVE : 0);
      } catch (error) {
        if (error instanceof RE2JSException) throw new Error(`Invalid pattern: ${error.message}`);
        throw error;
      }
      const root = resolveWorkspacePath(requested ?? WORKSPACE_ROOT);
      const ws = await workspace();
      const files = (await ws.list()).filter((file) => file.path === root || root === WORKSPACE_ROOT || file.path.startsWith(`${root}/`));
      const matches: string[] = [];
      let truncated = false;
      let filesSearched = 0;
      await ws.read(async (fs) => {
        for (const file of files) {
          const text = decodeText(await fs.readFileBuffer(file.path));
          if (text === undefined) continue;
          filesSearched++;
          const lines = text.split('\n');
          for (let i = 0; i < lines.length; i++) {
            if (!regex.matcher(lines[i]).find()) continue;
            if (matches.length === MAX_GREP_MATCHES) {
              truncated = true;
              return;
            }
            const line = lines[i].length > MAX_GREP_LINE_CHARS ? `${lines[i].slice(0, MAX_GREP_LINE_CHARS)}…` : lines[i];
            matches.push(`${file.path}:${i + 1}: ${line}`);
          }
        }
      });
      return { pattern, matches, filesSearched, truncated };
    },
  };
}
