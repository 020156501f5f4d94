import { ListTodoIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { TodoItems } from '@/components/agent/todo-checklist';
import { todoListSchema } from '@/lib/todos/todos';

function todosOf(part: ToolPart) {
  const parsed = todoListSchema.safeParse(field(part.input, 'todos'));
  return parsed.success ? parsed.data : undefined;
}

function TodoWriteSummary({ part }: { part: ToolPart }) {
  const todos = todosOf(part);
  if (!todos) return null;
  const done = todos.filter((todo) => todo.status === 'completed').length;
  return (
    <span className="text-xs">
      {done}/{todos.length} done
    </span>
  );
}

function TodoWriteOutput({ part }: { part: ToolPart }) {
  const todos = todosOf(part);
  return todos ? <TodoItems todos={todos} /> : null;
}

export const todoWriteTool: ToolRenderer = { title: 'Todo list', Icon: ListTodoIcon, Summary: TodoWriteSummary, Output: TodoWriteOutput };
