import { z } from 'zod';
import type { AgentTool } from './types';

/**
 * Done-tool mode: the run ends only when the model calls `task_complete`.
 * An answer without tool calls gets a nudge instead of ending the run.
 */

export const DONE_TOOL_NAME = 'task_complete';

export const DONE_TOOL_INSTRUCTIONS = `When the whole task is finished, call the ${DONE_TOOL_NAME} tool with a short summary of what you did. Ending your turn without calling it does not finish the task.`;

export const DONE_TOOL_NUDGE = `You ended your turn without calling ${DONE_TOOL_NAME}. If the task is finished, call ${DONE_TOOL_NAME} with a summary; otherwise continue working.`;

export const doneToolInput = z.object({ summary: z.string().describe('What was done, and anything left for the user.') });

export function doneTool(): AgentTool<z.infer<typeof doneToolInput>, { summary: string }> {
  return {
    name: DONE_TOOL_NAME,
    title: 'Task complete',
    description: 'Call this when the task is fully done. The summary is shown to the user as the result of the run.',
    inputSchema: doneToolInput,
    readOnly: true,
    execute: async ({ summary }) => ({ summary }),
  };
}

/** The unfinished-work nudge: "finish or explain", listing what is still open. */
export function unfinishedWorkNudge(openItems: readonly string[]): string {
  return `You stopped while these items are still open:\n${openItems.map((item) => `- ${item}`).join('\n')}\nFinish them, or explain why they cannot be done.`;
}
