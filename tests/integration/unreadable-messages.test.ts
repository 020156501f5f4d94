/**
 * Stored messages are validated on load, one by one. Broken rows are written
 * straight into the database (as a bug, a migration gone wrong or a hand edit
 * could); the session still loads through the same lib/server functions the
 * page and the API use, and the next turn still runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { unreadableMessage } from '@/lib/agent/unreadable-message';
import { logger } from '@/lib/log.mjs';
import { readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'unreadable' });

// Pass-through spy: the lines are still written (tests log at `error` level, so nothing shows).
const warn = vi.spyOn(logger, 'warn');
afterAll(() => warn.mockRestore());

/** Rows the AI SDK's validation refuses, each for another reason; `json` is the column's text as stored. */
const BROKEN_ROWS = [
  { id: 'broken-part-type', role: 'user', json: JSON.stringify({ id: 'broken-part-type', role: 'user', parts: [{ type: 'mystery', text: 'who knows' }] }) },
  {
    id: 'broken-data-part',
    role: 'assistant',
    json: JSON.stringify({ id: 'broken-data-part', role: 'assistant', parts: [{ type: 'text', text: 'Done.' }, { type: 'data-run-end', data: { reason: 42 } }] }),
  },
  { id: 'not-a-message', role: 'assistant', json: JSON.stringify({ hello: 'world', note: 'valid JSON, but no UI message' }) },
  { id: 'not-json', role: 'user', json: '{"id":"not-json","role":"user","parts":[{"type":"text","te' },
] as const;

async function writeBrokenRows(sessionId: string) {
  const { getDb } = await import('@/db/client');
  const db = await getDb();
  for (const row of BROKEN_ROWS) {
    const now = Date.now();
    await db.run(sql`
      INSERT INTO messages (id, session_id, owner_id, role, position, parent_id, message, pinned, created_at, updated_at)
      VALUES (${row.id}, ${sessionId}, 'local', ${row.role},
        (SELECT COALESCE(MAX(position), -1) + 1 FROM messages WHERE session_id = ${sessionId}),
        (SELECT active_leaf_id FROM sessions WHERE id = ${sessionId}),
        ${row.json}, 0, ${now}, ${now})`);
    // Each broken row continues the conversation, as a saved message would.
    await db.run(sql`UPDATE sessions SET active_leaf_id = ${row.id} WHERE id = ${sessionId}`);
  }
}

const textOf = (message: AgentUIMessage) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');

describe('a session with broken message rows', () => {
  it('loads the other messages intact, shows each broken one as a stand-in with its id and role, logs it, and keeps working', async () => {
    const sessionId = await app.newSession();
    await readChunks(await app.chat(sessionId, 'Hello [[scenario:text]]'));
    const firstTurn = await app.sessionMessages(sessionId);
    expect(firstTurn.map((m) => m.role)).toEqual(['user', 'assistant']);

    await writeBrokenRows(sessionId);

    // The next turn runs on the stored history: the broken rows are left out of what the model sees.
    app.scripted.reset();
    const reply = await app.chat(sessionId, 'And again [[scenario:text]]');
    expect(reply.status).toBe(200);
    expect((await readChunks(reply)).at(-1)?.type).toBe('finish');
    const [request] = app.scripted.requests();
    const sent = request.body as { messages: Array<{ role: string; content: unknown }> };
    expect(sent.messages.filter((m) => m.role === 'user').map((m) => JSON.stringify(m.content))).toEqual([
      expect.stringContaining('Hello'),
      expect.stringContaining('And again'),
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/who knows|mystery|hello/);

    // GET /api/sessions/:id (getSessionDetail) and the session page (loadSessionPage) read the same way.
    const fromApi = await app.sessionMessages(sessionId);
    const { loadSessionPage } = await import('@/lib/server/sessions');
    const page = await loadSessionPage(new Headers(), sessionId);
    expect(page?.messages).toEqual(fromApi);

    expect(fromApi.map((m) => [m.id, m.role])).toEqual([
      [firstTurn[0].id, 'user'],
      [firstTurn[1].id, 'assistant'],
      ['broken-part-type', 'user'],
      ['broken-data-part', 'assistant'],
      ['not-a-message', 'assistant'],
      ['not-json', 'user'],
      [expect.any(String), 'user'],
      [expect.any(String), 'assistant'],
    ]);
    expect(fromApi.slice(0, 2)).toEqual(firstTurn);
    expect(textOf(fromApi[6])).toContain('And again');
    expect(textOf(fromApi[7])).toContain('Scripted answer');

    const standIns = fromApi.slice(2, 6);
    for (const [index, row] of BROKEN_ROWS.entries()) {
      const message = standIns[index];
      expect(message).toEqual(unreadableMessage(row.id, row.role, expect.any(String)));
      const part = message.parts[0] as { data: { reason: string } };
      expect(part.data.reason.length).toBeGreaterThan(0);
    }
    expect((standIns[1].parts[0] as { data: { reason: string } }).data.reason).toMatch(/^parts\[1\]\.data\.reason: /);
    expect((standIns[3].parts[0] as { data: { reason: string } }).data.reason).toBe('the stored text is not valid JSON');

    // One line per broken message, with the session and the message, though the history was read several times.
    const lines = warn.mock.calls.filter(([, msg]) => msg === 'stored message failed validation').map(([fields]) => fields as Record<string, unknown>);
    expect(lines.map((line) => line.messageId).sort()).toEqual(BROKEN_ROWS.map((row) => row.id).sort());
    for (const line of lines) expect(line).toMatchObject({ sessionId, reason: expect.any(String) });
  });
});
