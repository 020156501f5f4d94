/**
 * Long sessions are shown a page at a time: the session page and
 * `GET /api/sessions/:id?limit=` read the last page of the shown branch,
 * `GET /api/sessions/:id/history` the pages before it, and
 * `GET /api/sessions/:id/search` finds text in messages not loaded yet.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage, UsageTotals } from '@/lib/agent/messages';
import type { MessagePage, SessionDetail } from '@/lib/api-types';
import type { Todo } from '@/lib/todos/todos';
import { params, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'session-paging', routes: ['history', 'search', 'branch'] });

const usage = (n: number): UsageTotals => ({ inputTokens: 100 + n, cachedInputTokens: n % 3, outputTokens: 10 + n, reasoningTokens: n % 2, estimated: false });

/** Todo lists that assistant messages at these positions set with todo_write. */
type TodoWrites = Record<number, Todo[]>;

function messageAt(sessionId: string, n: number, todoWrites: TodoWrites = {}): AgentUIMessage {
  const id = `${sessionId}-m${String(n).padStart(4, '0')}`;
  if (n % 2 === 0) return { id, role: 'user', parts: [{ type: 'text', text: `Question ${n}${n === 6 ? ' about the pelican' : ''}` }] };
  const todos = todoWrites[n];
  const todoPart: AgentUIMessage['parts'] = todos
    ? [{ type: 'tool-todo_write', toolCallId: `call-${n}`, state: 'output-available', input: { todos }, output: 'Todo list updated.' }]
    : [];
  return { id, role: 'assistant', parts: [...todoPart, { type: 'text', text: `Answer ${n}` }], metadata: { usage: usage(n) } };
}

/** Writes `count` messages straight into the database, one turn after another. */
async function seedSession(count: number, todoWrites?: TodoWrites): Promise<{ id: string; messages: AgentUIMessage[] }> {
  const id = await app.newSession();
  const { getDb } = await import('@/db/client');
  const db = await getDb();
  const messages = Array.from({ length: count }, (_, n) => messageAt(id, n, todoWrites));
  const now = Date.now();
  for (const [n, message] of messages.entries()) {
    await db.run(sql`
      INSERT INTO messages (id, session_id, owner_id, role, position, parent_id, message, pinned, created_at, updated_at)
      VALUES (${message.id}, ${id}, 'local', ${message.role}, ${n}, ${n === 0 ? null : messages[n - 1].id}, ${JSON.stringify(message)}, 0, ${now}, ${now})`);
  }
  await db.run(sql`UPDATE sessions SET active_leaf_id = ${messages.at(-1)!.id} WHERE id = ${id}`);
  return { id, messages };
}

async function detail(id: string, query = ''): Promise<SessionDetail> {
  const response = await app.api.session.GET(new Request(`http://app/api/sessions/${id}${query}`), params({ id }));
  expect(response.status).toBe(200);
  return (await response.json()).session;
}

async function history(id: string, query: string): Promise<Response> {
  return app.api.history.GET(new Request(`http://app/api/sessions/${id}/history?${query}`), params({ id }));
}

const sum = (list: readonly AgentUIMessage[]) =>
  list.reduce(
    (total, m) => {
      const u = m.metadata?.usage;
      return u ? { input: total.input + u.inputTokens, output: total.output + u.outputTokens } : total;
    },
    { input: 0, output: 0 },
  );

let long: { id: string; messages: AgentUIMessage[] };
beforeAll(async () => {
  long = await seedSession(400);
});

describe('paged session history', () => {
  it('the session page reads only the last page, starting at a person’s message, with what lies before it', async () => {
    const { loadSessionPage } = await import('@/lib/server/sessions');
    const page = (await loadSessionPage(new Headers(), long.id))!;
    expect(page.messages.length).toBeGreaterThanOrEqual(30);
    expect(page.messages.length).toBeLessThanOrEqual(60);
    expect(page.messages[0].role).toBe('user');
    expect(page.messages.map((m) => m.id)).toEqual(long.messages.slice(-page.messages.length).map((m) => m.id));
    const before = long.messages.slice(0, -page.messages.length);
    expect(page.history.earlierId).toBe(before.at(-1)!.id);
    expect({ input: page.history.usageBefore!.inputTokens, output: page.history.usageBefore!.outputTokens }).toEqual(sum(before));
  });

  it('the page’s data does not grow with the session', async () => {
    const short = await seedSession(40);
    const { loadSessionPage } = await import('@/lib/server/sessions');
    const small = JSON.stringify((await loadSessionPage(new Headers(), short.id))!.messages).length;
    const large = JSON.stringify((await loadSessionPage(new Headers(), long.id))!.messages).length;
    expect(large).toBeLessThan(small * 1.3);
  });

  it('walks back page by page to the first message, every message once, in order, with the header totals right at each step', async () => {
    const last = await detail(long.id, '?limit=40');
    let shown = last.messages;
    let earlierId = last.history!.earlierId;
    let pages = 0;
    while (earlierId !== null) {
      const response = await history(long.id, `before=${encodeURIComponent(shown[0].id)}`);
      expect(response.status).toBe(200);
      const page = (await response.json()).page as MessagePage;
      expect(page.messages.at(-1)!.id).toBe(earlierId);
      shown = [...page.messages, ...shown];
      earlierId = page.earlierId;
      const usageBefore = page.usageBefore ?? { inputTokens: 0, outputTokens: 0 };
      expect({ input: usageBefore.inputTokens, output: usageBefore.outputTokens }).toEqual(sum(long.messages.slice(0, long.messages.length - shown.length)));
      pages++;
    }
    expect(pages).toBeGreaterThanOrEqual(8);
    expect(shown.map((m) => m.id)).toEqual(long.messages.map((m) => m.id));
    // The same as the whole transcript the API still answers without a limit.
    expect((await detail(long.id)).messages.map((m) => m.id)).toEqual(long.messages.map((m) => m.id));
  });

  it('says which todo list the agent set before the page, so the checklist holds when that call is not loaded', async () => {
    const first: Todo[] = [{ id: '1', content: 'Read the brief', status: 'in_progress' }];
    const second: Todo[] = [
      { id: '1', content: 'Read the brief', status: 'completed' },
      { id: '2', content: 'Write the summary', status: 'in_progress' },
    ];
    const session = await seedSession(200, { 11: first, 101: second });
    const last = await detail(session.id, '?limit=40');
    expect(last.history!.todosBefore).toEqual(second);

    // Walking back: each page's answer is the newest list set before it, and none before the first call.
    let shown = last.messages;
    const seen: Array<Todo[] | null> = [];
    for (let earlierId = last.history!.earlierId; earlierId !== null; ) {
      const page = (await (await history(session.id, `before=${encodeURIComponent(shown[0].id)}`)).json()).page as MessagePage;
      shown = [...page.messages, ...shown];
      earlierId = page.earlierId;
      const start = session.messages.length - shown.length;
      expect(page.todosBefore).toEqual(start > 101 ? second : start > 11 ? first : null);
      seen.push(page.todosBefore);
    }
    expect(seen).toContainEqual(first);
    expect(seen.at(-1)).toBeNull();
    // A session without todo_write has none.
    expect((await detail(long.id, '?limit=40')).history!.todosBefore).toBeNull();
  });

  it('reaches back to a given message in one request (a search hit to show)', async () => {
    const last = await detail(long.id, '?limit=40');
    const target = long.messages[6].id;
    const page = (await (await history(long.id, `before=${last.messages[0].id}&from=${target}`)).json()).page as MessagePage;
    expect(page.messages[0].id).toBe(target);
    expect(page.messages.at(-1)!.id).toBe(long.messages[long.messages.length - last.messages.length - 1].id);
    expect(page.earlierId).toBe(long.messages[5].id);
  });

  it('finds text in messages that are not loaded, oldest first, with an excerpt', async () => {
    const response = await app.api.search.GET(new Request(`http://app/api/sessions/${long.id}/search?q=PELICAN`), params({ id: long.id }));
    expect(response.status).toBe(200);
    const { hits } = await response.json();
    expect(hits).toEqual([{ messageId: long.messages[6].id, role: 'user', excerpt: 'Question 6 about the pelican' }]);
    const none = await app.api.search.GET(new Request(`http://app/api/sessions/${long.id}/search?q=albatross`), params({ id: long.id }));
    expect((await none.json()).hits).toEqual([]);
  });

  it('refuses a bad query and a message that is not on the shown branch, as JSON errors', async () => {
    const missing = await history(long.id, 'before=');
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe('bad_request');
    const unknown = await history(long.id, 'before=no-such-message');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('not_found');
    const extra = await history(long.id, `before=${long.messages[10].id}&sneaky=1`);
    expect(extra.status).toBe(400);
    const noQuery = await app.api.search.GET(new Request(`http://app/api/sessions/${long.id}/search?q=%20`), params({ id: long.id }));
    expect(noQuery.status).toBe(400);
    const nowhere = await history('no-such-session', `before=${long.messages[10].id}`);
    expect(nowhere.status).toBe(404);
  });
});
