import type { AgentTool } from '@/lib/agent/types';
import { bashTool } from './bash';
import { editFileTool } from './edit-file';
import { grepTool } from './grep';
import type { WorkspaceHandle } from './handle';
import { listFilesTool } from './list-files';
import { readFileTool } from './read-file';
import { writeFileTool } from './write-file';

/** The tools over one session's workspace. */
export function workspaceTools(workspace: WorkspaceHandle): AgentTool[] {
  return [bashTool(workspace), readFileTool(workspace), writeFileTool(workspace), editFileTool(workspace), listFilesTool(workspace), grepTool(workspace)];
}

export { lazyWorkspace, type WorkspaceHandle } from './handle';
