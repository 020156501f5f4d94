/** Tools that can change the workspace's files (permission class `write`). */
const WORKSPACE_WRITE_TOOLS = new Set(['bash', 'write_file', 'edit_file']);

interface PartLike {
  type: string;
  state?: string;
  toolCallId?: string;
}

/**
 * Changes whenever a workspace-writing tool call finishes in the transcript:
 * the file tree re-reads the files when it does (the tools save before their
 * result is written, so the files are already there).
 */
export function workspaceVersion(messages: ReadonlyArray<{ parts: ReadonlyArray<PartLike> }>): string {
  let count = 0;
  let last = '';
  for (const message of messages) {
    for (const part of message.parts) {
      if (!part.type.startsWith('tool-') || !WORKSPACE_WRITE_TOOLS.has(part.type.slice(5))) continue;
      if (part.state !== 'output-available' && part.state !== 'output-error') continue;
      count++;
      last = part.toolCallId ?? '';
    }
  }
  return `${count}:${last}`;
}
