import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Todo } from '@/lib/todos/todos';
import type { Db } from '../client';
import { sessions } from '../schema';

export async function getSessionTodos(db: Db, ownerId: string, sessionId: string): Promise<Todo[]> {
  const [row] = await db
    .select({ todos: sessions.todos })
    .from(sessions)
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, sessionId)));
  return row?.todos ?? [];
}

export async function setSessionTodos(db: Db, ownerId: string, sessionId: string, todos: Todo[]): Promise<void> {
  await db
    .update(sessions)
    .set({ todos })
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, sessionId)));
}
