/**
 * Queued messages through the real route handlers: messages sent while a run
 * is active wait in the database and the server sends them, in order, when
 * the run ends normally; a stopped run holds the queue until "Send now".
 */
import { isToolUIPart } from 'ai';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '@/db/client';
import { queuedMessages } from '@/db/schema';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { QueueResponse } from '@/lib/api-types';
import { params, patch, post, readChunks, send, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'queue', routes: ['stream', 'stop', 'queue', 'queueItem', 'queueDispatch'] });
const { api } = app;

/** A run that streams for about half a second. */
const SLOW = 'Take your time [[scenario:slow?delayMs=25&chunks=20]]';

async function enqueue(sessionId: string, text: string): Promise<{ status: number; body: QueueResponse }> {
  const response = await api.queue.POST(new Request('http://app', post({ text })), params({ id: sessionId }));
  return { status: response.status, body: await response.json() };
}

async function queue(sessionId: string): Promise<QueueResponse> {
  return (await api.queue.GET(new Request('http://app'), params({ id: sessionId }))).json();
}

function edit(sessionId: string, itemId: string, text: string) {
  return api.queueItem.PATCH(new Request('http://app', patch({ text })), params({ id: sessionId, itemId }));
}

function cancel(sessionId: string, itemId: string) {
  return api.queueItem.DELETE(new Request('http://app', send('DELETE', undefined)), params({ id: sessionId, itemId }));
}

/** Follows whatever run is active (the stream endpoint) to its end; false when nothing ran. */
async function followActiveRun(sessionId: string): Promise<boolean> {
  const response = await api.stream.GET(new Request('http://app'), params({ id: sessionId }));
  if (response.status === 204) return false;
  expect(response.status).toBe(200);
  await readChunks(response);
  return true;
}

const userTexts = (messages: AgentUIMessage[]) =>
  messages.filter((m) => m.role === 'user').map((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''));

const assistantTexts = (messages: AgentUIMessage[]) =>
  messages.filter((m) => m.role === 'assistant').map((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''));

/** The last user message of each model request, in the order the scripted server received them. */
function lastUserTextOfRequests(): string[] {
  return app.scripted.requests().map((request) => {
    const body = request.body as { messages: Array<{ role: string; content: unknown }> };
    const user = body.messages.filter((m) => m.role === 'user').at(-1);
    return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content);
  });
}

describe('queued messages', () => {
  it('queues messages sent during a run and sends them in order, each as its own turn, when the run ends', async () => {
    const id = await app.newSession();
    app.scripted.reset();
    const running = await app.chat(id, SLOW);
    expect(running.status).toBe(200);

    const first = await enqueue(id, 'first queued');
    const second = await enqueue(id, 'second queued');
    expect(first.status).toBe(201);
    expect(first.body.dispatchedId).toBeUndefined();
    expect(second.body.items.map((item) => item.text)).toEqual(['first queued', 'second queued']);

    // The run's stream closes only after the next queued message is already running.
    await readChunks(running);
    expect(await followActiveRun(id)).toBe(true); // "first queued"
    expect(await followActiveRun(id)).toBe(true); // "second queued"
    expect(await followActiveRun(id)).toBe(false);

    const messages = await app.sessionMessages(id);
    expect(userTexts(messages)).toEqual([SLOW, 'first queued', 'second queued']);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(assistantTexts(messages).slice(1)).toEqual(['**Echo:** first queued', '**Echo:** second queued']);
    expect(lastUserTextOfRequests()).toEqual([SLOW, 'first queued', 'second queued']);
    // The dispatched user message keeps the queued message's id.
    expect(messages[2].id).toBe(first.body.items[0].id);
    expect((await queue(id)).items).toEqual([]);
  });

  it('sends the edited text of an edited message and never sends a cancelled one', async () => {
    const id = await app.newSession();
    app.scripted.reset();
    const running = await app.chat(id, SLOW);
    const a = (await enqueue(id, 'message A')).body.items.at(-1)!;
    const b = (await enqueue(id, 'message B')).body.items.at(-1)!;
    await enqueue(id, 'message C');

    const edited = await edit(id, b.id, 'message B, edited');
    expect(edited.status).toBe(200);
    const cancelled = await cancel(id, a.id);
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as QueueResponse).items.map((item) => item.text)).toEqual(['message B, edited', 'message C']);
    // Gone is gone: editing or cancelling it again is a 404, not a silent success.
    expect((await edit(id, a.id, 'too late')).status).toBe(404);
    expect((await cancel(id, a.id)).status).toBe(404);
    expect((await edit(id, b.id, '   ')).status).toBe(400);

    await readChunks(running);
    while (await followActiveRun(id));
    const messages = await app.sessionMessages(id);
    expect(userTexts(messages)).toEqual([SLOW, 'message B, edited', 'message C']);
    expect(lastUserTextOfRequests()).toEqual([SLOW, 'message B, edited', 'message C']);
  });

  it('keeps the queue in the database', async () => {
    const id = await app.newSession();
    const running = await app.chat(id, SLOW);
    const { body } = await enqueue(id, 'survives a reload');
    const db = await openTestDatabase(process.env.DATABASE_URL!);
    const rows = await db.select().from(queuedMessages);
    expect(rows.filter((row) => row.sessionId === id).map((row) => ({ id: row.id, text: row.text }))).toEqual([{ id: body.items[0].id, text: 'survives a reload' }]);
    // A fresh page asks the API, which reads the same rows.
    expect((await queue(id)).items.map((item) => item.text)).toEqual(['survives a reload']);
    await readChunks(running);
    while (await followActiveRun(id));
    expect(await db.select().from(queuedMessages)).toEqual([]);
  });

  it('holds the queue when the run is stopped; "Send now" sends the first message', async () => {
    const id = await app.newSession();
    const running = await app.chat(id, 'Long one [[scenario:slow?delayMs=50&chunks=100]]');
    await enqueue(id, 'after the stop');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stop = await api.stop.POST(new Request('http://app', post({})), params({ id }));
    expect(await stop.json()).toEqual({ stopped: true });
    await readChunks(running);

    expect(await followActiveRun(id)).toBe(false);
    expect((await queue(id)).items.map((item) => item.text)).toEqual(['after the stop']);
    expect(userTexts(await app.sessionMessages(id))).toHaveLength(1);

    const now = await api.queueDispatch.POST(new Request('http://app', post({})), params({ id }));
    expect(now.status).toBe(200);
    const body = (await now.json()) as QueueResponse;
    expect(body.items).toEqual([]);
    expect(body.dispatchedId).toBeTruthy();
    expect(await followActiveRun(id)).toBe(true);
    const messages = await app.sessionMessages(id);
    expect(userTexts(messages).at(-1)).toBe('after the stop');
    expect(messages.at(-2)?.id).toBe(body.dispatchedId);

    const empty = await api.queueDispatch.POST(new Request('http://app', post({})), params({ id }));
    expect(empty.status).toBe(404);
  });

  it('holds the queue while an approval waits; answering it continues the run, and its normal end sends the queue', async () => {
    const id = await app.newSession();
    const args = encodeURIComponent(JSON.stringify({ path: '/workspace/held.txt', content: 'held' }));
    const running = await app.chat(id, `Write it [[scenario:tool?tool=write_file&args=${args}&delayMs=40]]`);
    await enqueue(id, 'after the approval');
    await readChunks(running);
    expect(await followActiveRun(id)).toBe(false);
    expect((await queue(id)).items.map((item) => item.text)).toEqual(['after the approval']);

    const last = (await app.sessionMessages(id)).at(-1)!;
    expect(last.metadata?.runEnd?.reason).toBe('awaiting-approval');
    const part = last.parts.filter(isToolUIPart).find((p) => p.type === 'tool-write_file');
    if (part?.state !== 'approval-requested') throw new Error('expected a pending write_file call');
    const approve = await api.chat.POST(
      new Request('http://app/api/chat', post({ sessionId: id, approvals: [{ approvalId: part.approval.id, signature: part.approval.signature, approved: true }] })),
    );
    expect(approve.status).toBe(200);
    await readChunks(approve);
    expect(await followActiveRun(id)).toBe(true);

    const messages = await app.sessionMessages(id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[1].metadata?.runEnd?.reason).toBe('completed');
    expect(userTexts(messages).at(-1)).toBe('after the approval');
    expect((await queue(id)).items).toEqual([]);
  });

  it('sends a message queued after the run already ended at once', async () => {
    const id = await app.newSession();
    const { status, body } = await enqueue(id, 'nothing is running');
    expect(status).toBe(201);
    expect(body.items).toEqual([]);
    expect(body.dispatchedId).toBeTruthy();
    expect(await followActiveRun(id)).toBe(true);
    expect(userTexts(await app.sessionMessages(id))).toEqual(['nothing is running']);
  });

  it('refuses "Send now" while a run is active (409) and an empty message (400)', async () => {
    const id = await app.newSession();
    const running = await app.chat(id, SLOW);
    await enqueue(id, 'waits');
    const now = await api.queueDispatch.POST(new Request('http://app', post({})), params({ id }));
    expect(now.status).toBe(409);
    expect((await enqueue(id, '  ')).status).toBe(400);
    await readChunks(running);
    while (await followActiveRun(id));
    expect(userTexts(await app.sessionMessages(id))).toEqual([SLOW, 'waits']);
  });
});
