import type { ComponentType } from 'react';
import { PlugIcon, WrenchIcon, type LucideIcon } from 'lucide-react';
import { bashTool } from '@/components/agent/tool-renderers/bash-tool';
import { calculatorTool } from '@/components/agent/tool-renderers/calculator-tool';
import { currentTimeTool } from '@/components/agent/tool-renderers/current-time-tool';
import { fetchUrlTool } from '@/components/agent/tool-renderers/fetch-url-tool';
import { editFileTool, writeFileTool } from '@/components/agent/tool-renderers/file-change-tool';
import { grepTool } from '@/components/agent/tool-renderers/grep-tool';
import { listFilesTool } from '@/components/agent/tool-renderers/list-files-tool';
import { readFileTool } from '@/components/agent/tool-renderers/read-file-tool';
import { taskCompleteTool } from '@/components/agent/tool-renderers/task-complete-tool';
import { todoWriteTool } from '@/components/agent/tool-renderers/todo-write-tool';
import { humanizeToolName, type ToolPart } from '@/components/agent/tool-part';
import { parseMcpToolName } from '@/lib/mcp/names';

/**
 * How a tool's card looks. Everything is optional except the title: a tool
 * nobody registered (an MCP tool, a new built-in) gets the generic card, with
 * its name in plain words and pretty JSON for input and output.
 */
export interface ToolRenderer {
  /** Plain-words name for the card header, e.g. "Calculator". */
  title: string;
  Icon: LucideIcon;
  /** One line next to the title, e.g. `17 * 23 = 391`. Defaults to an input preview. */
  Summary?: ComponentType<{ part: ToolPart }>;
  /** A small tag after the title, e.g. `MCP · github` for a tool from an MCP server. */
  badge?: string;
  /** Replaces the pretty-printed output of a successful call. Return null to fall back to JSON. */
  Output?: ComponentType<{ part: ToolPart }>;
}

/** Tool name → renderer. Add an entry here to give a tool its own card. */
const TOOL_RENDERERS: Record<string, ToolRenderer> = {
  calculator: calculatorTool,
  get_current_time: currentTimeTool,
  task_complete: taskCompleteTool,
  bash: bashTool,
  read_file: readFileTool,
  write_file: writeFileTool,
  edit_file: editFileTool,
  list_files: listFilesTool,
  grep: grepTool,
  fetch_url: fetchUrlTool,
  todo_write: todoWriteTool,
};

export function toolRendererFor(toolName: string, partTitle?: string): ToolRenderer {
  const registered = TOOL_RENDERERS[toolName];
  if (registered) return registered;
  // MCP tools (`server__tool`): the generic card, named after the tool alone, tagged with its server.
  const mcp = parseMcpToolName(toolName);
  if (mcp) return { title: partTitle || humanizeToolName(mcp.tool), Icon: PlugIcon, badge: `MCP · ${mcp.server}` };
  return { title: partTitle || humanizeToolName(toolName), Icon: WrenchIcon };
}
