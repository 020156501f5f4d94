import { z } from 'zod';

/** The agent's task list (todo_write), as stored in sessions.todos and shown above the composer. */

const TODO_STATUSES = ['pending', 'in_progress', 'completed'] as const;

/** Items in one list: a plan, not a backlog. */
const MAX_TODOS = 50;
const MAX_TODO_CHARS = 500;

export const todoSchema = z.object({
  id: z.string().min(1).max(100).describe('A stable id for the item, e.g. "1" or "write-tests".'),
  content: z.string().min(1).max(MAX_TODO_CHARS).describe('What to do, in imperative form.'),
  status: z.enum(TODO_STATUSES).describe('pending, in_progress (at most one at a time) or completed.'),
});

export type Todo = z.infer<typeof todoSchema>;

export const todoListSchema = z
  .array(todoSchema)
  .max(MAX_TODOS)
  .refine((todos) => new Set(todos.map((todo) => todo.id)).size === todos.length, 'Todo ids must be unique.');

/** Items not yet completed, as the unfinished-work nudge lists them. */
export function openTodoItems(todos: readonly Todo[]): string[] {
  return todos.filter((todo) => todo.status !== 'completed').map((todo) => `${todo.content} (${todo.status.replace('_', ' ')})`);
}

interface PartLike {
  type: string;
  state?: string;
  input?: unknown;
}

/**
 * The newest list a todo_write call set in these messages, or undefined when
 * there is none. Its input counts once it is complete (`input-available` and
 * later), so the checklist moves while the run streams; a call that failed or
 * was denied changed nothing and is skipped.
 */
export function latestTodosFromMessages(messages: ReadonlyArray<{ parts: ReadonlyArray<PartLike> }>): Todo[] | undefined {
  for (let m = messages.length - 1; m >= 0; m--) {
    const parts = messages[m].parts;
    for (let p = parts.length - 1; p >= 0; p--) {
      const part = parts[p];
      if (part.type !== 'tool-todo_write') continue;
      if (part.state !== 'input-available' && part.state !== 'output-available') continue;
      const parsed = todoListSchema.safeParse((part.input as { todos?: unknown } | undefined)?.todos);
      if (parsed.success) return parsed.data;
    }
  }
  return undefined;
}
