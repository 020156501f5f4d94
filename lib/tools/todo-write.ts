import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';
import { todoListSchema, type Todo } from '@/lib/todos/todos';

export const todoWriteInput = z.object({
  todos: todoListSchema.describe('The whole list. It replaces the previous one.'),
});

export interface TodoWriteOutput {
  todos: Todo[];
  /** "2/5 completed". */
  progress: string;
}

/** Where the list is kept (sessions.todos in the app). */
export type SaveTodos = (todos: Todo[]) => Promise<void>;

/**
 * todo_write, like Claude Code's TodoWrite: the agent's own plan, replaced as a
 * whole on every call. It changes nothing outside the agent's list, so it is a
 * `read`-class tool: plan mode still lets the agent plan.
 */
export function todoWriteTool(save: SaveTodos): AgentTool<z.infer<typeof todoWriteInput>, TodoWriteOutput> {
  return {
    name: 'todo_write',
    title: 'Todo list',
    description: [
      'Writes your task list for this session; the user sees it as a live checklist. Each call replaces the whole list.',
      'Use it for work with three or more steps: add the steps, mark one in_progress when you start it and completed as soon as it is done.',
      'Do not stop while items are open unless you explain why.',
    ].join(' '),
    inputSchema: todoWriteInput,
    readOnly: false,
    permission: 'read',
    timeoutMs: 10_000,
    execute: async ({ todos }) => {
      await save(todos);
      const done = todos.filter((todo) => todo.status === 'completed').length;
      return { todos, progress: `${done}/${todos.length} completed` };
    },
  };
}
