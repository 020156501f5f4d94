import type { FlexibleSchema } from 'ai';
import { DONE_TOOL_NAME, doneToolInput } from '@/lib/agent/done-tool';
import { SEARCH_TOOLS_NAME } from '@/lib/agent/tool-cap';
import { searchToolsInput } from '@/lib/agent/tool-search';
import { calculatorInput } from './calculator';
import { fetchUrlInput } from './fetch-url';
import { getCurrentTimeInput } from './get-current-time';
import type { KnownToolName } from './names';
import { todoWriteInput } from './todo-write';
import { waitInput } from './wait';
import { bashInput } from './workspace/bash';
import { editFileInput } from './workspace/edit-file';
import { grepInput } from './workspace/grep';
import { listFilesInput } from './workspace/list-files';
import { readFileInput } from './workspace/read-file';
import { writeFileInput } from './workspace/write-file';

/**
 * The input schema of every tool the app itself has, by name, without building
 * the tools (they need a workspace and stores). Stored messages are validated
 * with these on load (lib/server/stored-messages.ts). `satisfies` fails `tsc`
 * when a name in KnownToolName has no schema; a test checks that each is the
 * schema the real tool uses.
 */
export const TOOL_INPUT_SCHEMAS = {
  calculator: calculatorInput,
  get_current_time: getCurrentTimeInput,
  wait: waitInput,
  bash: bashInput,
  read_file: readFileInput,
  write_file: writeFileInput,
  edit_file: editFileInput,
  list_files: listFilesInput,
  grep: grepInput,
  fetch_url: fetchUrlInput,
  todo_write: todoWriteInput,
  [DONE_TOOL_NAME]: doneToolInput,
  [SEARCH_TOOLS_NAME]: searchToolsInput,
} satisfies Record<KnownToolName, FlexibleSchema<unknown>>;

export function isKnownToolName(name: string): name is KnownToolName {
  return Object.hasOwn(TOOL_INPUT_SCHEMAS, name);
}
