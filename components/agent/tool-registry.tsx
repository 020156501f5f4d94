import { PlugIcon, WrenchIcon } from 'lucide-react';
import { bashTool } from '@/components/agent/tool-renderers/bash-tool';
import { calculatorTool } from '@/components/agent/tool-renderers/calculator-tool';
import { currentTimeTool } from '@/components/agent/tool-renderers/current-time-tool';
import { fetchUrlTool } from '@/components/agent/tool-renderers/fetch-url-tool';
import { editFileTool, writeFileTool } from '@/components/agent/tool-renderers/file-change-tool';
import { grepTool } from '@/components/agent/tool-renderers/grep-tool';
import { listFilesTool } from '@/components/agent/tool-renderers/list-files-tool';
import { readFileTool } from '@/components/agent/tool-renderers/read-file-tool';
import { searchToolsTool } from '@/components/agent/tool-renderers/search-tools-tool';
import { taskCompleteTool } from '@/components/agent/tool-renderers/task-complete-tool';
import { todoWriteTool } from '@/components/agent/tool-renderers/todo-write-tool';
import { humanizeToolName } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { parseMcpToolName } from '@/lib/mcp/names';
import type { KnownToolName } from '@/lib/tools/names';

/**
 * Every tool the app gives a session → its card, or `'generic'` for the
 * generic one (name in plain words, pretty JSON). The `satisfies` makes it
 * exhaustive: a new built-in tool (lib/tools/names.ts) without an entry here
 * fails `tsc`. MCP tools are named at run time and get the generic card.
 */
const TOOL_RENDERERS = {
  calculator: calculatorTool,
  get_current_time: currentTimeTool,
  task_complete: taskCompleteTool,
  search_tools: searchToolsTool,
  bash: bashTool,
  read_file: readFileTool,
  write_file: writeFileTool,
  edit_file: editFileTool,
  list_files: listFilesTool,
  grep: grepTool,
  fetch_url: fetchUrlTool,
  todo_write: todoWriteTool,
  // A pause: its input (seconds) and output say all there is.
  wait: 'generic',
} satisfies Record<KnownToolName, ToolRenderer | 'generic'>;

function isKnownTool(name: string): name is KnownToolName {
  return Object.hasOwn(TOOL_RENDERERS, name);
}

export function toolRendererFor(toolName: string, partTitle?: string): ToolRenderer {
  const registered = isKnownTool(toolName) ? TOOL_RENDERERS[toolName] : undefined;
  if (registered && registered !== 'generic') return registered;
  // MCP tools (`server__tool`): the generic card, titled with the tool's `title` (else its annotations' title,
  // both carried by the part) or its exact name, tagged with its server. The card's details show the full name.
  const mcp = parseMcpToolName(toolName);
  if (mcp) return { title: partTitle || mcp.tool, Icon: PlugIcon, badge: `MCP · ${mcp.server}` };
  return { title: partTitle || humanizeToolName(toolName), Icon: WrenchIcon };
}
