/**
 * The HTTP API end to end in-process: the real route handlers, a fresh SQLite
 * file, the real providers pointed at the scripted server, and the real loop.
 */
import { describe, expect, it } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { params, patch, post, readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({
  name: 'api',
  routes: ['stream', 'stop', 'runs', 'steps'],
  env: { OPENAI_API_KEY: 'sk-test-never-leaks' },
});
const { api } = app;

async function newSession(modelKey = 'compat:scripted-chat'): Promise<string> {
  const response = await api.sessions.POST(new Request('http://app/api/sessions', post({ modelKey })));
  expect(response.status).toBe(201);
  return (await response.json()).session.id;
}

const sessionMessages = app.sessionMessages;
const chat = app.chat;

describe('POST /api/chat', () => {
  it('streams a run and saves the user message and the assistant answer', async () => {
    const id = await newSession();
    const response = await chat(id, 'Hello [[scenario:text]]');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const chunks = await readChunks(response);
    expect(chunks[0].type).toBe('start');
    // The scripted model sends its answer at once: deltas that arrive in one burst go out joined (delta-coalescer.ts).
    const deltas = chunks.filter((c) => c.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(chunks.at(-1)?.type).toBe('finish');
    const messages = await sessionMessages(id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const answer = messages[1].parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('');
    expect(answer).toContain('## Scripted answer');
    expect(deltas.map((c) => c.delta).join('')).toBe(answer);
    expect(messages[1].metadata?.usage?.outputTokens).toBeGreaterThan(0);
  });

  it('runs tools server-side and rebuilds history from the database on the next turn', async () => {
    const id = await newSession('openai:scripted-responses');
    await readChunks(await chat(id, 'Compute [[scenario:tool?tool=calculator&args={"expression":"6*7"}]]'));
    let messages = await sessionMessages(id);
    const toolPart = messages[1].parts.find((p) => p.type === 'tool-calculator') as { state: string; output: unknown } | undefined;
    expect(toolPart?.state).toBe('output-available');
    expect(JSON.stringify(toolPart?.output)).toContain('42');
    const text = messages[1].parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('');
    expect(text).toContain('42');

    app.scripted.reset();
    await readChunks(await chat(id, 'And again'));
    const [request] = app.scripted.requests();
    const sent = JSON.stringify(request.body);
    expect(sent).toContain('Compute'); // the first turn came from the database, not the client
    expect(sent).toContain('6*7');
    messages = await sessionMessages(id);
    expect(messages).toHaveLength(4);
  });

  it('saves the assistant message at each step boundary, not only when the run ends', async () => {
    const id = await newSession('openai:scripted-responses');
    const response = await chat(id, 'Slowly [[scenario:tool?tool=calculator&args={"expression":"6*7"}&delayMs=120]]');
    const done = readChunks(response);
    const { isSessionRunning } = await import('@/lib/server/run-manager');
    // Poll the database while the run streams its second step (the session API shows a
    // running run's message only through its stream, so read the table itself).
    const { getDb } = await import('@/db/client');
    const { loadSessionMessages } = await import('@/lib/server/stored-messages');
    const db = await getDb();
    let saved: AgentUIMessage | undefined;
    for (let i = 0; i < 100 && !saved; i++) {
      const [, assistant] = await loadSessionMessages(db, 'local', id);
      const tool = assistant?.parts.find((p) => p.type === 'tool-calculator') as { state?: string } | undefined;
      if (tool?.state === 'output-available') saved = assistant;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(saved, 'the first step (tool call and its result) was saved').toBeDefined();
    expect(isSessionRunning(id)).toBe(true); // …while the run was still going
    expect(saved!.metadata?.runEnd).toBeUndefined();
    await done;
    const [, final] = await sessionMessages(id);
    expect(final.metadata?.runEnd?.reason).toBe('completed');
  });

  it('records a trace per step with the request sent and the key redacted', async () => {
    const id = await newSession('openai:scripted-responses');
    await readChunks(await chat(id, 'Trace me [[scenario:tool?tool=get_current_time]]'));
    const runs = (await (await api.runs.GET(new Request('http://app'), params({ id }))).json()).runs;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', endReason: 'completed' });
    const body = await (await api.steps.GET(new Request('http://app'), params({ runId: runs[0].id }))).json();
    expect(body.steps.map((s: { stepNumber: number }) => s.stepNumber)).toEqual([0, 1]);
    const dump = JSON.stringify(body);
    expect(dump).toContain('Trace me');
    expect(dump).not.toContain('sk-test-never-leaks');
    expect(body.steps[0].curl).toMatch(/^curl /);
  });

  it('rejects a malformed body with 400 and writes nothing', async () => {
    const id = await newSession();
    const bad = await api.chat.POST(new Request('http://app/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/JSON/);
    const invalid = await api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, message: { id: 'x', role: 'assistant', parts: [] } })));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toMatch(/Invalid request/);
    expect(await sessionMessages(id)).toEqual([]);
  });

  it('answers 415 to a body that is not declared JSON, and writes nothing', async () => {
    const id = await newSession();
    const body = JSON.stringify({ sessionId: id, message: { id: 'plain-1', role: 'user', parts: [{ type: 'text', text: 'hi' }] } });
    for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, {}] as Record<string, string>[]) {
      const response = await api.chat.POST(new Request('http://app/api/chat', { method: 'POST', headers, body }));
      expect(response.status).toBe(415);
      expect((await response.json()).error.code).toBe('unsupported_media_type');
    }
    expect(await sessionMessages(id)).toEqual([]);
  });

  it('stops reading a body as soon as it passes the limit (413), whatever Content-Length claimed', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request('http://app/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: endless, duplex: 'half' } as RequestInit);
    const response = await api.chat.POST(request);
    expect(response.status).toBe(413);
    // The route's limit (a message with its images, lib/api/chat-request.ts), and not much more.
    const { MAX_CHAT_BODY_BYTES } = await import('@/lib/api/chat-request');
    expect(pulled).toBeLessThan(MAX_CHAT_BODY_BYTES + 1024 * 1024);
  });

  it('answers 404 for an unknown session', async () => {
    const response = await chat('no-such-session', 'hi');
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toMatch(/not found/i);
  });

  it('answers 413 for a message over 100,000 characters and writes nothing', async () => {
    const id = await newSession();
    const response = await chat(id, 'x'.repeat(100_001));
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toMatch(/too long/i);
    expect(await sessionMessages(id)).toEqual([]);
  });

  it('answers 400 for a model the registry does not list', async () => {
    const id = await newSession();
    const response = await chat(id, 'hi', { modelKey: 'openai:gpt-made-up' });
    expect(response.status).toBe(400);
    expect(await sessionMessages(id)).toEqual([]);
  });

  it('answers 409 to a second message while a run is active, and Stop ends the run on the server', async () => {
    const id = await newSession();
    const first = await chat(id, 'Go slowly [[scenario:slow?delayMs=40&chunks=400]]');
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    await reader.read(); // the run is streaming

    const second = await chat(id, 'Me too');
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toMatch(/still working/);

    const reattach = await api.stream.GET(new Request('http://app'), params({ id }));
    expect(reattach.status).toBe(200);
    await reattach.body!.cancel();

    await new Promise((resolve) => setTimeout(resolve, 300));
    reader.releaseLock();
    await first.body!.cancel(); // the browser goes away: the run must not care
    const stop = await api.stop.POST(new Request('http://app', { method: 'POST' }), params({ id }));
    expect(await stop.json()).toEqual({ stopped: true });

    const messages = await sessionMessages(id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const partial = messages[1];
    expect(partial.metadata?.stopped).toBe(true);
    expect(partial.metadata?.runEnd?.reason).toBe('cancelled');
    const text = partial.parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('');
    expect(text).toMatch(/^w0 w1 /);
    expect(text).not.toContain('w399');
    expect((await api.stream.GET(new Request('http://app'), params({ id }))).status).toBe(204);
    const after = await chat(id, 'Now it is my turn [[scenario:text]]');
    expect(after.status).toBe(200);
    await readChunks(after);
  });

  it('keeps the user message and ends with a readable error when the provider keeps failing', async () => {
    const id = await newSession();
    await api.session.PATCH(
      new Request('http://app', patch({ settings: { retryBaseDelayMs: 10, retryMaxDelayMs: 50 } })),
      params({ id }),
    );
    const chunks = await readChunks(await chat(id, 'Fail please [[scenario:http-error?status=500]]'));
    expect(chunks.filter((c) => c.type === 'data-retry').length).toBeGreaterThanOrEqual(3);
    const messages = await sessionMessages(id);
    expect(messages[0].parts[0]).toMatchObject({ type: 'text', text: 'Fail please [[scenario:http-error?status=500]]' });
    expect(messages[1].metadata?.runEnd?.reason).toBe('error');
    expect(messages[1].metadata?.runEnd?.message).toMatch(/500/);
  });
});

describe('sessions API', () => {
  it('creates, renames, lists newest first and deletes sessions', async () => {
    const a = await newSession();
    const b = await newSession();
    // Newest first is by update time in milliseconds: let the rename land in a later one than b's creation.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const renamed = await api.session.PATCH(new Request('http://app', patch({ title: 'Renamed' })), params({ id: a }));
    expect((await renamed.json()).session.title).toBe('Renamed');
    const list = (await (await api.sessions.GET(new Request('http://app/api/sessions'))).json()).sessions as Array<{ id: string }>;
    expect(list.findIndex((s) => s.id === a)).toBeLessThan(list.findIndex((s) => s.id === b));
    const deleted = await api.session.DELETE(new Request('http://app', { method: 'DELETE' }), params({ id: b }));
    expect(await deleted.json()).toEqual({ ok: true });
    expect((await api.session.GET(new Request('http://app'), params({ id: b }))).status).toBe(404);
  });

  it('names a session after its first message, and says so beforehand (untitled: the page reads the list as the run starts)', async () => {
    const id = await newSession();
    const before = await (await api.session.GET(new Request('http://app'), params({ id }))).json();
    expect(before.session).toMatchObject({ title: 'New session', untitled: true });
    await readChunks(await chat(id, 'Plan a trip to Lisbon\nwith details'));
    const detail = await (await api.session.GET(new Request('http://app'), params({ id }))).json();
    expect(detail.session.title).toBe('Plan a trip to Lisbon');
    expect(detail.session).not.toHaveProperty('untitled');
    const renamed = await (await api.session.PATCH(new Request('http://app', patch({ title: 'Mine' })), params({ id: await newSession() }))).json();
    expect(renamed.session).not.toHaveProperty('untitled');
  });

  it('validates session settings and rejects unknown ones', async () => {
    const id = await newSession();
    const bad = await api.session.PATCH(new Request('http://app', patch({ settings: { maxIterations: 0 } })), params({ id }));
    expect(bad.status).toBe(400);
    const unknown = await api.session.PATCH(new Request('http://app', patch({ settings: { sneaky: true } })), params({ id }));
    expect(unknown.status).toBe(400);
    const ok = await api.session.PATCH(new Request('http://app', patch({ settings: { maxIterations: 7, requireDoneTool: true } })), params({ id }));
    expect(ok.status).toBe(200);
  });
});
