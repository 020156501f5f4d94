import { DONE_TOOL_NAME } from '@/lib/agent/done-tool';
import { SEARCH_TOOLS_NAME } from '@/lib/agent/tool-cap';

/**
 * The name of every tool the app itself gives a session (sessionTools) plus
 * the loop's own tools (the done tool, search_tools past the tool cap). The transcript's tool registry must have an entry for
 * each (components/agent/tool-registry.tsx checks it with `satisfies`), and a
 * test checks this list against what sessionTools really returns.
 */
export const SESSION_TOOL_NAMES = [
  'calculator',
  'get_current_time',
  'wait',
  'bash',
  'read_file',
  'write_file',
  'edit_file',
  'list_files',
  'grep',
  'fetch_url',
  'todo_write',
] as const;

export type KnownToolName = (typeof SESSION_TOOL_NAMES)[number] | typeof DONE_TOOL_NAME | typeof SEARCH_TOOLS_NAME;
