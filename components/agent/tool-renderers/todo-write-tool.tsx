import { ListTodoIcon } from 'lucide-react';
import type { ToolPart } from '@/components/agent/tool-part';
import { todosOf } from './tool-fields';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { lazyPart } from '@/components/ui/lazy-part';

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

export const todoWriteTool: ToolRenderer = { title: 'Todo list', Icon: ListTodoIcon, Summary: TodoWriteSummary, Output: lazyPart(() => import('./tool-outputs').then((module) => module.TodoWriteOutput)) };
