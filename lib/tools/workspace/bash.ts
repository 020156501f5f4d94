import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';
import { BASH_TIMEOUT_MS, WORKSPACE_ROOT } from '@/lib/workspace/limits';
import type { WorkspaceHandle } from './handle';

/** stdout and stderr are each cut to this many characters in the tool output. */
export const MAX_BASH_STREAM_CHARS = 20_000;

export const bashInput = z.object({
  command: z.string().min(1).max(100_000).describe('A bash script, run with /workspace as the working directory.'),
});

export interface BashToolOutput {
  command: string;
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Workspace files the command created or changed, and deleted (already saved). */
  written: string[];
  deleted: string[];
}

function clip(text: string): string {
  if (text.length <= MAX_BASH_STREAM_CHARS) return text;
  return `${text.slice(0, MAX_BASH_STREAM_CHARS)}\n[… ${text.length - MAX_BASH_STREAM_CHARS} more characters cut]`;
}

export function bashTool(workspace: WorkspaceHandle): AgentTool<z.infer<typeof bashInput>, BashToolOutput> {
  return {
    name: 'bash',
    title: 'Bash',
    description: [
      `Runs a bash script in the session's sandboxed workspace (a virtual file system; the working directory is ${WORKSPACE_ROOT}).`,
      'Common commands exist: ls, cat, head, tail, grep, rg, sed, awk, jq, sort, uniq, wc, find, diff, mkdir, mv, cp, rm, tar, gzip, sqlite3 and more.',
      'There is no network (no curl) and no python or node. Each call starts a fresh shell: variables and cd do not carry over, files do.',
      `Only regular files under ${WORKSPACE_ROOT} are kept between runs; /tmp is scratch space.`,
    ].join(' '),
    inputSchema: bashInput,
    readOnly: false,
    permission: 'write',
    // The sandbox stops the script itself at BASH_TIMEOUT_MS; the loop's limit is a backstop with room to save.
    timeoutMs: BASH_TIMEOUT_MS + 10_000,
    execute: async ({ command }, { signal }) => {
      const { result, changes } = await (await workspace()).exec(command, signal);
      return { command, exitCode: result.exitCode, stdout: clip(result.stdout), stderr: clip(result.stderr), ...changes };
    },
  };
}
