import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type Db } from '@/db/client';
import { createSession } from '@/db/queries/sessions';
import { getSessionTodos, setSessionTodos } from '@/db/queries/todos';
import { latestTodosFromMessages, openTodoItems, type Todo } from '@/lib/todos/todos';
import { todoWriteTool } from '@/lib/tools/todo-write';
import { zodInput } from '../../support/zod-input';

const ctx = { toolCallId: 'c', signal: new AbortController().signal, emit: () => {} };
const plan: Todo[] = [
  { id: '1', content: 'Read the data', status: 'completed' },
  { id: '2', content: 'Write the report', status: 'in_progress' },
  { id: '3', content: 'Check the numbers', status: 'pending' },
];

describe('todo_write', () => {
  let db: Db;
  beforeEach(async () => {
    db = await openTestDatabase(`file:${path.join(mkdtempSync(path.join(tmpdir(), 'ap-todo-')), 'test.db')}`);
    await createSession(db, { id: 's', ownerId: 'me', modelKey: 'demo:demo-agent' });
  });

  it('is a read-class tool, so plan mode still lets the agent plan', () => {
    expect(todoWriteTool(async () => {})).toMatchObject({ name: 'todo_write', permission: 'read' });
  });

  it('replaces the whole list in the session and reports progress', async () => {
    const tool = todoWriteTool((todos) => setSessionTodos(db, 'me', 's', todos));
    expect(await tool.execute({ todos: plan }, ctx)).toEqual({ todos: plan, progress: '1/3 completed' });
    expect(await getSessionTodos(db, 'me', 's')).toEqual(plan);

    const shorter = [{ id: '9', content: 'Something else', status: 'pending' as const }];
    await tool.execute({ todos: shorter }, ctx);
    expect(await getSessionTodos(db, 'me', 's')).toEqual(shorter);
    expect(await getSessionTodos(db, 'someone-else', 's')).toEqual([]);
  });

  it('rejects duplicate ids and unknown statuses', () => {
    const schema = zodInput(todoWriteTool(async () => {}).inputSchema);
    expect(schema.safeParse({ todos: plan }).success).toBe(true);
    expect(schema.safeParse({ todos: [plan[0], { ...plan[1], id: '1' }] }).success).toBe(false);
    expect(schema.safeParse({ todos: [{ ...plan[0], status: 'done' }] }).success).toBe(false);
  });
});

describe('openTodoItems (the unfinished-work nudge)', () => {
  it('lists items that are not completed, with their status', () => {
    expect(openTodoItems(plan)).toEqual(['Write the report (in progress)', 'Check the numbers (pending)']);
    expect(openTodoItems(plan.map((todo) => ({ ...todo, status: 'completed' as const })))).toEqual([]);
  });
});

describe('latestTodosFromMessages (the live checklist)', () => {
  const call = (state: string, todos: Todo[]) => ({ type: 'tool-todo_write', state, input: { todos } });

  it('takes the newest todo_write whose input is complete, across messages', () => {
    const first = [{ id: '1', content: 'A', status: 'pending' as const }];
    const messages = [
      { parts: [call('output-available', first)] },
      { parts: [{ type: 'text' }, call('output-available', plan), { type: 'tool-calculator', state: 'output-available', input: {} }] },
    ];
    expect(latestTodosFromMessages(messages)).toEqual(plan);
    // While the next call streams in, the checklist shows it as soon as its input is complete.
    messages.push({ parts: [call('input-streaming', first)] });
    expect(latestTodosFromMessages(messages)).toEqual(plan);
    messages[2].parts[0].state = 'input-available';
    expect(latestTodosFromMessages(messages)).toEqual(first);
  });

  it('ignores failed or denied calls, and answers undefined when there is none', () => {
    expect(latestTodosFromMessages([{ parts: [call('output-error', plan), call('output-denied', plan)] }])).toBeUndefined();
    expect(latestTodosFromMessages([])).toBeUndefined();
  });
});
