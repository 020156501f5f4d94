import { act, renderHook, waitFor } from '@testing-library/react';
import type { ChatStatus } from 'ai';
import { afterEach, expect, test, vi } from 'vitest';
import { useFollowQueuedRun } from '@/components/chat/hooks/use-follow-queued-run';
import { useFollowRunsStartedElsewhere } from '@/components/chat/hooks/use-follow-runs-elsewhere';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { announceRunStarted } from '@/lib/client/paused-request';
import { json, session, stubApi, userText } from './fake-api';

afterEach(() => vi.unstubAllGlobals());

const reply = (id: string, runId: string, ended = true): AgentUIMessage => ({
  id,
  role: 'assistant',
  metadata: { runId, ...(ended ? { runEnd: { reason: 'completed', message: 'Done.' } } : {}) },
  parts: [{ type: 'text', text: 'done' }],
});
const history = { earlierId: null, usageBefore: null };
/** The session as GET /api/sessions/:id answers it: a running one names its run (the one its transcript was prepared for). */
const detail = (messages: AgentUIMessage[], running: boolean, runId = 'run-2') =>
  json({ session: { ...session({ running, ...(running ? { runId } : {}) }), settings: {}, messages, history } });
const replayOf = (runId: string) => ({ metadata: { reattachRun: runId } });
const runs = (status: string) => json({ runs: [{ id: 'run-2', status, startedAt: 2 }] });

test('a run started in another tab is attached to: its transcript, then its live stream', async () => {
  const saved = [userText('u1', 'first'), reply('a1', 'run-1'), userText('u2', 'from the other tab')];
  stubApi({ 'GET /api/sessions/s1/runs': () => runs('running'), 'GET /api/sessions/s1': () => detail(saved, true) });
  const setMessages = vi.fn();
  const resumeStream = vi.fn(async () => {});
  const onAttached = vi.fn();
  renderHook(() =>
    useFollowRunsStartedElsewhere({ sessionId: 's1', messages: saved.slice(0, 2), isBusy: () => false, setMessages, resumeStream, onAttached, intervalMs: 10 }),
  );
  await waitFor(() => expect(resumeStream).toHaveBeenCalled());
  // The run its transcript was read with: replayed even if it ends before the reattach arrives.
  expect(resumeStream).toHaveBeenCalledWith(replayOf('run-2'));
  expect(setMessages).toHaveBeenCalledWith(saved, history);
  expect(onAttached).toHaveBeenCalled();
});

test('a run this tab started without a stream (Continue in step mode) is attached to at once, naming the run', async () => {
  const saved = [userText('u1', 'first'), reply('a1', 'run-1', false)];
  const api = stubApi({ 'GET /api/sessions/s1': () => detail(saved, true, 'run-9') });
  const setMessages = vi.fn();
  const resumeStream = vi.fn(async () => {});
  renderHook(() => useFollowRunsStartedElsewhere({ sessionId: 's1', messages: saved, isBusy: () => false, setMessages, resumeStream, onAttached: vi.fn(), intervalMs: 60_000 }));
  act(() => announceRunStarted('s1'));
  await waitFor(() => expect(resumeStream).toHaveBeenCalledWith(replayOf('run-9')));
  expect(setMessages).toHaveBeenCalledWith(saved, history);
  expect(api.calls.map((call) => call.url.split('?')[0])).toEqual(['/api/sessions/s1']);
});

test('a busy tab, or one already showing that run, asks nothing more', async () => {
  const api = stubApi({ 'GET /api/sessions/s1/runs': () => runs('running'), 'GET /api/sessions/s1': () => detail([], true) });
  const resumeStream = vi.fn(async () => {});
  const { unmount } = renderHook(() =>
    useFollowRunsStartedElsewhere({ sessionId: 's1', messages: [], isBusy: () => true, setMessages: vi.fn(), resumeStream, onAttached: vi.fn(), intervalMs: 10 }),
  );
  await new Promise((resolve) => setTimeout(resolve, 60));
  unmount();
  expect(api.calls).toHaveLength(0);

  const shown = [userText('u2', 'mine'), reply('a2', 'run-2')];
  renderHook(() =>
    useFollowRunsStartedElsewhere({ sessionId: 's1', messages: shown, isBusy: () => false, setMessages: vi.fn(), resumeStream, onAttached: vi.fn(), intervalMs: 10 }),
  );
  await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 40));
  expect(api.calls.every((call) => call.url === '/api/sessions/s1/runs')).toBe(true);
  expect(resumeStream).not.toHaveBeenCalled();
});

test('a run this tab shows without its end, whose stream was cut while it goes on, is attached again', async () => {
  const saved = [userText('u2', 'mine'), reply('a2', 'run-2', false)];
  stubApi({ 'GET /api/sessions/s1/runs': () => runs('running'), 'GET /api/sessions/s1': () => detail(saved, true) });
  const setMessages = vi.fn();
  const resumeStream = vi.fn(async () => {});
  renderHook(() => useFollowRunsStartedElsewhere({ sessionId: 's1', messages: saved, isBusy: () => false, setMessages, resumeStream, onAttached: vi.fn(), intervalMs: 10 }));
  await waitFor(() => expect(resumeStream).toHaveBeenCalled());
  expect(setMessages).toHaveBeenCalledWith(saved, history);
});

test('a run that started and ended between two looks (a quick turn from another tab, the next queued message) is shown as saved, once', async () => {
  const shown = [userText('u1', 'first'), reply('a1', 'run-1')];
  const saved = [...shown, userText('u2', 'queued, quick'), reply('a2', 'run-2')];
  const api = stubApi({ 'GET /api/sessions/s1/runs': () => runs('completed'), 'GET /api/sessions/s1': () => detail(saved, false) });
  const setMessages = vi.fn();
  const resumeStream = vi.fn(async () => {});
  renderHook(() => useFollowRunsStartedElsewhere({ sessionId: 's1', messages: shown, isBusy: () => false, setMessages, resumeStream, onAttached: vi.fn(), intervalMs: 10 }));
  await waitFor(() => expect(setMessages).toHaveBeenCalledWith(saved, history));
  // Later looks find the same ended run: the transcript is not read again for it.
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(api.calls.filter((call) => call.url.split('?')[0] === '/api/sessions/s1')).toHaveLength(1);
  expect(setMessages).toHaveBeenCalledTimes(1);
  expect(resumeStream).not.toHaveBeenCalled();
});

function followQueue(status: ChatStatus, saved: AgentUIMessage[], running: boolean) {
  stubApi({ 'GET /api/sessions/s1': () => detail(saved, running) });
  const setMessages = vi.fn();
  const resumeStream = vi.fn(async () => {});
  const onFollowed = vi.fn();
  const hook = renderHook((props: { status: ChatStatus }) => useFollowQueuedRun({ sessionId: 's1', status: props.status, messages: [], setMessages, resumeStream, onFollowed }), {
    initialProps: { status },
  });
  return { ...hook, setMessages, resumeStream, onFollowed };
}

test("the run the server started for a queued message is followed once this tab's stream has ended", async () => {
  const saved = [userText('u1', 'first'), reply('a1', 'run-1'), userText('q1', 'queued next')];
  const subject = followQueue('streaming', saved, true);
  act(() => subject.result.current.follow(['q1']));
  expect(subject.result.current.following).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(subject.resumeStream).not.toHaveBeenCalled();

  subject.rerender({ status: 'ready' });
  await waitFor(() => expect(subject.resumeStream).toHaveBeenCalledOnce());
  expect(subject.resumeStream).toHaveBeenCalledWith(replayOf('run-2'));
  expect(subject.setMessages).toHaveBeenCalledWith(saved, history);
  expect(subject.onFollowed).toHaveBeenCalledWith(true);
  await waitFor(() => expect(subject.result.current.following).toBe(false));
});

test('when the queued run already ended, the saved transcript is shown and nothing is resumed', async () => {
  const saved = [userText('q1', 'queued next'), reply('a3', 'run-3')];
  const subject = followQueue('ready', saved, false);
  act(() => subject.result.current.follow(['q1']));
  await waitFor(() => expect(subject.onFollowed).toHaveBeenCalledWith(false));
  expect(subject.setMessages).toHaveBeenCalledWith(saved, history);
  expect(subject.resumeStream).not.toHaveBeenCalled();
});
