import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { json, session, stubApi, userText, withSessions, type ApiCall } from './fake-api';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/client/toast', () => ({ toast: { error: toastError, warning: vi.fn() } }));

const { useDraft } = await import('@/components/chat/hooks/use-draft');
const { useMessageActions } = await import('@/components/chat/hooks/use-message-actions');
const { useMessageQueue } = await import('@/components/chat/hooks/use-message-queue');
const { useSessionRun } = await import('@/components/chat/hooks/use-session-run');
const { useStopRun } = await import('@/components/chat/hooks/use-stop-run');
const { useSessions } = await import('@/components/sessions/sessions-provider');
const { CONTINUE_MESSAGE } = await import('@/components/agent/run-end-banner');

/** A UI message stream as the chat route answers it: one assistant message saying `text` (after `before`). */
function replyStream(text: string, before: object[] = []): Response {
  const chunks = [
    { type: 'start', messageId: 'a-reply' },
    ...before,
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    { type: 'finish' },
  ];
  const body = chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n';
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } });
}

/** The same, its first chunk at once and the rest `pauseMs` later: the chat is seen streaming in between. */
function pausedReplyStream(text: string, pauseMs = 30): Response {
  const encoder = new TextEncoder();
  const sse = (chunk: object) => encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(sse({ type: 'start', messageId: 'a-reply' }));
      controller.enqueue(sse({ type: 'text-start', id: 't' }));
      setTimeout(() => {
        for (const chunk of [{ type: 'text-delta', id: 't', delta: text }, { type: 'text-end', id: 't' }, { type: 'finish' }]) controller.enqueue(sse(chunk));
        controller.enqueue(encoder.encode('data: [DONE]\n\n'));
        controller.close();
      }, pauseMs);
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } });
}

const emptyQueue = () => json({ items: [] });

function renderRun(initialMessages: AgentUIMessage[] = [], compact: (focus?: string) => Promise<unknown> = vi.fn(async () => ({ ok: true }))) {
  const closed = vi.fn();
  const hook = renderHook(
    () => {
      const draft = useDraft();
      const queue = useMessageQueue('s1');
      const run = useSessionRun({ session: session(), initialMessages, draft, queue });
      const actions = useMessageActions({ run, draft, queue, modelKey: 'demo-model', compact, scrollToBottom: () => {} });
      const stop = useStopRun({ sessionId: 's1', closeStream: run.chat.stop, syncFromServer: run.syncFromServer, onStopped: closed });
      return { draft, run, actions, stop };
    },
    { wrapper: withSessions() },
  );
  return { ...hook, compact, closed };
}

const chatPosts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.url === '/api/chat');

beforeEach(() => toastError.mockClear());
afterEach(() => vi.unstubAllGlobals());

test('sending posts only the new message and the model; the reply streams into the transcript', async () => {
  const api = stubApi({ 'GET /api/sessions/s1/queue': emptyQueue, 'POST /api/chat': () => replyStream('Hello back') });
  const { result } = renderRun([userText('u0', 'earlier'), { id: 'a0', role: 'assistant', parts: [{ type: 'text', text: 'earlier answer' }] }]);
  act(() => result.current.draft.setDraft('Hi'));
  act(() => result.current.actions.send('Hi'));
  expect(result.current.draft.get()).toBe('');
  await waitFor(() => expect(result.current.run.runsVersion).toBe(1));
  expect(result.current.run.chat.status).toBe('ready');
  const [post] = chatPosts(api.calls);
  expect(post!.body).toMatchObject({ sessionId: 's1', modelKey: 'demo-model', message: { role: 'user', parts: [{ type: 'text', text: 'Hi' }] } });
  expect(post!.body).not.toHaveProperty('messages');
  const last = result.current.run.chat.messages.at(-1)!;
  expect(last.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Hello back' }));
});

test("a run's budget check is handed to the meter as it is; a compaction has the report read again", async () => {
  const measured = {
    tokens: 5_000,
    estimated: true,
    breakdown: { system: 1_000, tools: 1_000, conversation: 3_000, toolOutputs: 0 },
    window: 8_192,
    level: 'warn',
    percent: 61.04,
    untilCompaction: 2_372,
  };
  const before = [
    { type: 'data-context', id: 'context', data: measured, transient: true },
    { type: 'data-compaction', data: { id: 'c1', tokensBefore: 8_000, tokensAfter: 3_000 }, transient: true },
    { type: 'data-context', id: 'context', data: { ...measured, tokens: 3_100 }, transient: true },
  ];
  stubApi({ 'GET /api/sessions/s1/queue': emptyQueue, 'POST /api/chat': () => replyStream('Done', before) });
  const { result } = renderRun();
  expect(result.current.run.chat.liveContext).toBeNull();
  act(() => result.current.actions.send('Go'));
  await waitFor(() => expect(result.current.run.runsVersion).toBe(1));
  expect(result.current.run.chat.liveContext).toEqual({ ...measured, tokens: 3_100 });
  // Two budget checks and one compaction: the report is read again once, for the compaction (and once at the end).
  expect(result.current.run.chat.contextVersion).toBe(1);
});

test('a run start is shown in the session list without reading it: running, moved up, and an untitled session named as the server names it', async () => {
  const listReads = (calls: ApiCall[]) => calls.filter((call) => call.method === 'GET' && call.url === '/api/sessions').length;
  const untitled = session({ title: 'New session', untitled: true });
  const api = stubApi({
    'GET /api/sessions/s1/queue': emptyQueue,
    'GET /api/sessions': () => json({ sessions: [{ ...untitled, title: 'Plan a trip to Lisbon', untitled: undefined }] }),
    'POST /api/chat': () => pausedReplyStream('Sure', 200),
  });
  const { result } = renderHook(
    () => {
      const draft = useDraft();
      const queue = useMessageQueue('s1');
      const run = useSessionRun({ session: untitled, initialMessages: [], draft, queue });
      const actions = useMessageActions({ run, draft, queue, modelKey: 'demo-model', compact: vi.fn(), scrollToBottom: () => {} });
      return { run, actions, listed: useSessions().sessions[0]! };
    },
    { wrapper: withSessions([untitled]) },
  );
  act(() => result.current.actions.send('# Plan a trip to **Lisbon**\nwith details'));
  // Streaming (the reply is held 200 ms): the list says so, named like the server names it, and was not read.
  await waitFor(() => expect(result.current.listed).toMatchObject({ running: true, title: 'Plan a trip to Lisbon' }));
  expect(result.current.run.chat.status).toBe('streaming');
  expect(result.current.listed.untitled).toBeUndefined();
  expect(result.current.listed.updatedAt).toBeGreaterThan(1);
  expect(listReads(api.calls)).toBe(0);
  // The run's end reads it once (the server's word on the title and the running dot).
  await waitFor(() => expect(result.current.run.runsVersion).toBe(1));
  await waitFor(() => expect(listReads(api.calls)).toBe(1));
  expect(result.current.listed).toMatchObject({ running: false, title: 'Plan a trip to Lisbon' });

  // The next turn keeps the title it has.
  act(() => result.current.actions.send('And a second question'));
  await waitFor(() => expect(result.current.listed.running).toBe(true));
  expect(result.current.listed.title).toBe('Plan a trip to Lisbon');
  await waitFor(() => expect(result.current.run.runsVersion).toBe(2));
});

test('a message refused while a run is active goes back to the composer with a toast', async () => {
  stubApi({
    'GET /api/sessions/s1/queue': emptyQueue,
    'POST /api/chat': () => json({ error: { code: 'run_active', message: 'The agent is still working in this session.' } }, 409),
  });
  const { result } = renderRun();
  act(() => result.current.actions.send('Please also do this'));
  await waitFor(() => expect(toastError).toHaveBeenCalled());
  expect(toastError).toHaveBeenCalledWith('Not sent: the agent is still working', { description: 'The agent is still working in this session.' });
  expect(result.current.run.chat.messages).toEqual([]);
  expect(result.current.draft.get()).toBe('Please also do this');
});

test('/compact is handled here: the context is compacted and nothing reaches the model', async () => {
  const api = stubApi({ 'GET /api/sessions/s1/queue': emptyQueue });
  const compact = vi.fn(async () => undefined);
  const { result } = renderRun([], compact);
  await act(async () => result.current.actions.send('/compact keep the API notes'));
  expect(compact).toHaveBeenCalledWith('keep the API notes');
  expect(chatPosts(api.calls)).toHaveLength(0);
  // The compaction failed: the command goes back to the composer.
  expect(result.current.draft.get()).toBe('/compact keep the API notes');
});

test('retrying after a server restart continues the run instead of sending the request again', async () => {
  const api = stubApi({ 'GET /api/sessions/s1/queue': emptyQueue, 'POST /api/chat': () => replyStream('Carrying on') });
  const interrupted: AgentUIMessage = {
    id: 'a1',
    role: 'assistant',
    metadata: { runEnd: { reason: 'server-restart', message: 'The server restarted.' } },
    parts: [{ type: 'text', text: 'half done' }],
  };
  const { result } = renderRun([userText('u1', 'Build it'), interrupted]);
  act(() => result.current.actions.retry());
  await waitFor(() => expect(chatPosts(api.calls)).toHaveLength(1));
  expect(chatPosts(api.calls)[0]!.body).toMatchObject({ message: { parts: [{ type: 'text', text: CONTINUE_MESSAGE }] } });
  expect(result.current.run.chat.messages.slice(0, 2).map((m) => m.id)).toEqual(['u1', 'a1']);
});

test('retrying a failed turn asks for a new answer to the same message: it is never sent twice', async () => {
  const api = stubApi({ 'GET /api/sessions/s1/queue': emptyQueue, 'POST /api/chat': () => replyStream('Second try') });
  const { result } = renderRun([userText('u1', 'What is 2+2?')]);
  act(() => result.current.actions.retry());
  await waitFor(() => expect(result.current.run.runsVersion).toBe(1));
  expect(chatPosts(api.calls)[0]!.body).toEqual({ sessionId: 's1', regenerate: { userMessageId: 'u1' }, modelKey: 'demo-model' });
  const users = result.current.run.chat.messages.filter((m) => m.role === 'user');
  expect(users.map((m) => m.id)).toEqual(['u1']);
  expect(result.current.run.chat.messages.at(-1)!.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Second try' }));
});

test('editing a sent message sends the new text after the same parent, as a new version', async () => {
  const api = stubApi({ 'GET /api/sessions/s1/queue': emptyQueue, 'POST /api/chat': () => replyStream('Edited answer') });
  const answer: AgentUIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Four' }] };
  const { result } = renderRun([userText('u1', 'What is 2+2?'), answer, userText('u2', 'And 3+3?'), { ...answer, id: 'a2' }]);
  act(() => result.current.actions.edit('u2', 'And 3+4?'));
  await waitFor(() => expect(result.current.run.runsVersion).toBe(1));
  expect(chatPosts(api.calls)[0]!.body).toMatchObject({ sessionId: 's1', parentId: 'a1', message: { role: 'user', parts: [{ type: 'text', text: 'And 3+4?' }] } });
  expect(result.current.run.chat.messages.map((m) => m.id).slice(0, 2)).toEqual(['u1', 'a1']);
  expect(result.current.run.chat.messages).toHaveLength(4);
});

test('Stop asks the server to stop, then shows the transcript it saved', async () => {
  const saved = [userText('u1', 'Long task'), { id: 'a1', role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'partial answer' }] }];
  const api = stubApi({
    'GET /api/sessions/s1/queue': emptyQueue,
    'POST /api/sessions/s1/stop': () => json({ stopped: true }),
    'GET /api/sessions/s1': () => json({ session: { ...session(), settings: {}, messages: saved } }),
  });
  const { result, closed } = renderRun([userText('u1', 'Long task')]);
  await act(() => result.current.stop.stop());
  expect(api.calls.some((call) => call.method === 'POST' && call.url === '/api/sessions/s1/stop')).toBe(true);
  expect(result.current.run.chat.messages).toEqual(saved);
  expect(result.current.stop.stopping).toBe(false);
  expect(closed).toHaveBeenCalledOnce();
});

test('a Stop the server refuses is said in a toast, and the view still settles', async () => {
  stubApi({
    'GET /api/sessions/s1/queue': emptyQueue,
    'POST /api/sessions/s1/stop': () => json({ error: { code: 'db_busy', message: 'The database is busy.' } }, 503),
  });
  const { result, closed } = renderRun();
  await act(() => result.current.stop.stop());
  expect(toastError).toHaveBeenCalledWith('Could not stop the run', { description: 'The database is busy.' });
  expect(closed).toHaveBeenCalledOnce();
});
