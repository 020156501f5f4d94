'use client';

import { useState } from 'react';
import { ChevronDownIcon, CircleCheckIcon, CircleDotIcon, CircleIcon, ListTodoIcon } from 'lucide-react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import type { Todo } from '@/lib/todos/todos';
import { cn } from '@/lib/utils';

const STATUS_ICON = { pending: CircleIcon, in_progress: CircleDotIcon, completed: CircleCheckIcon } as const;
const STATUS_LABEL = { pending: 'Pending', in_progress: 'In progress', completed: 'Completed' } as const;

/** The items of a todo list: done ones struck through, the current one highlighted. */
export function TodoItems({ todos, className }: { todos: readonly Todo[]; className?: string }) {
  return (
    <ul className={cn('flex flex-col gap-0.5', className)} data-testid="todo-items">
      {todos.map((todo) => {
        const Icon = STATUS_ICON[todo.status];
        return (
          <li
            key={todo.id}
            data-testid="todo-item"
            data-status={todo.status}
            className={cn(
              'flex items-start gap-2 rounded-md px-2 py-1 text-sm',
              todo.status === 'in_progress' && 'bg-sky-500/10 font-medium text-foreground',
              todo.status === 'completed' && 'text-muted-foreground line-through decoration-muted-foreground/60',
            )}
          >
            <Icon
              aria-label={STATUS_LABEL[todo.status]}
              className={cn(
                'mt-0.5 size-4 shrink-0',
                todo.status === 'completed' && 'text-success-text',
                todo.status === 'in_progress' && 'text-sky-600 dark:text-sky-400',
                todo.status === 'pending' && 'text-muted-foreground',
              )}
            />
            <span className="min-w-0 break-words">{todo.content}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The agent's plan, pinned above the composer: progress in the header, the
 * item in progress named even when collapsed. Follows todo_write calls live.
 */
export function TodoChecklist({ todos }: { todos: readonly Todo[] }) {
  const [open, setOpen] = useState(true);
  if (todos.length === 0) return null;
  const done = todos.filter((todo) => todo.status === 'completed').length;
  const current = todos.find((todo) => todo.status === 'in_progress');
  const allDone = done === todos.length;

  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <section data-testid="todo-checklist" aria-label="Agent's todo list" className="mb-2 overflow-hidden rounded-xl border bg-card shadow-xs">
        <CollapsibleTrigger
          data-testid="todo-toggle"
          aria-label={open ? 'Collapse the todo list' : 'Expand the todo list'}
          className="flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        >
          <ListTodoIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="font-medium">Todos</span>
          <span data-testid="todo-progress" className={cn('font-mono text-xs', allDone ? 'text-success-text' : 'text-muted-foreground')}>
            {done}/{todos.length}
          </span>
          <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{!open && current ? current.content : ''}</span>
          <ChevronDownIcon className={cn('size-4 shrink-0 text-muted-foreground transition-transform duration-150', !open && '-rotate-90')} aria-hidden />
        </CollapsibleTrigger>
        <CollapsibleContent>
          <TodoItems todos={todos} className="max-h-48 overflow-y-auto border-t px-1 py-1" />
        </CollapsibleContent>
      </section>
    </Collapsible>
  );
}
