import type { StoredWorkspaceFile } from '@/lib/workspace/store';
import { memoryWorkspaceStore } from '@/lib/workspace/store';
import { Workspace } from '@/lib/workspace/workspace';
import { bashTool } from './bash';
import { editFileTool } from './edit-file';
import { lazyWorkspace } from './handle';
import { writeFileTool } from './write-file';

/**
 * The workspace as it was when a step of a run sent its request: the files
 * before the run, then the run's earlier workspace calls that succeeded, done
 * again in order through the real tool code on an in-memory workspace. Every
 * workspace tool is a file operation on a just-bash sandbox with no network,
 * so doing a call again on the same files gives the same files (a script that
 * reads the clock or $RANDOM is the exception: its output may differ). Read-only
 * tools (read_file, list_files, grep) change nothing and are skipped, as are
 * other tools (MCP, todos, fetch), which never touch the workspace.
 */

/** One workspace call of the run, with the arguments that ran. */
interface ReplayedCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** The tools whose calls change files. */
const FILE_CHANGING_TOOLS: ReadonlySet<string> = new Set(['bash', 'write_file', 'edit_file']);

/** What a stored run tells about one tool call: its trace's status (and rewritten arguments) and its part in the message. */
interface StepToolRecord {
  stepNumber: number;
  tools: ReadonlyArray<{ toolCallId: string; toolName: string; status: string; rewrittenInput?: unknown }>;
}

/**
 * The file-changing calls that succeeded in steps before `stepNumber`, in the
 * order they ran. File-changing tools are not read-only, so the loop ran them one
 * at a time in the order the message holds them; the arguments are those that
 * ran (a hook's rewrite, else the stored part's input, which holds an approved edit).
 */
export function callsBeforeStep(steps: readonly StepToolRecord[], stepNumber: number, parts: readonly unknown[]): ReplayedCall[] {
  const succeeded = new Map<string, { toolName: string; rewrittenInput?: unknown }>();
  for (const step of steps) {
    if (step.stepNumber >= stepNumber) continue;
    for (const tool of step.tools) {
      if (tool.status === 'ok' && FILE_CHANGING_TOOLS.has(tool.toolName)) succeeded.set(tool.toolCallId, tool);
    }
  }
  const calls: ReplayedCall[] = [];
  for (const part of parts) {
    if (!part || typeof part !== 'object') continue;
    const { toolCallId, input } = part as { toolCallId?: unknown; input?: unknown };
    if (typeof toolCallId !== 'string') continue;
    const traced = succeeded.get(toolCallId);
    if (!traced) continue;
    succeeded.delete(toolCallId);
    calls.push({ toolCallId, toolName: traced.toolName, input: 'rewrittenInput' in traced && traced.rewrittenInput !== undefined ? traced.rewrittenInput : input });
  }
  return calls;
}

/** The files after doing `calls` again on `files`. A call that fails now is skipped (it failed to change anything then too, or its trace would not say ok). */
export async function replayWorkspaceCalls(files: readonly StoredWorkspaceFile[], calls: readonly ReplayedCall[]): Promise<StoredWorkspaceFile[]> {
  const store = memoryWorkspaceStore(files.map((file) => ({ path: file.path, content: new Uint8Array(file.content) })));
  const handle = lazyWorkspace(() => Workspace.open(store));
  const tools = new Map([bashTool(handle), writeFileTool(handle), editFileTool(handle)].map((tool) => [tool.name, tool]));
  for (const call of calls) {
    const tool = tools.get(call.toolName);
    if (!tool) continue;
    const controller = new AbortController();
    try {
      await tool.execute(call.input as never, { toolCallId: call.toolCallId, signal: controller.signal, emit: () => {} });
    } catch {
      // as above: nothing to carry over
    }
  }
  return [...store.files].map(([path, content]) => ({ path, content })).sort((a, b) => a.path.localeCompare(b.path));
}
