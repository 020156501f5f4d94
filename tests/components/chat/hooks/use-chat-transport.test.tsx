import { renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { reattachOptions, useChatTransport } from '@/components/chat/hooks/use-chat-transport';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { ApprovalExtras } from '@/lib/client/approvals';
import { json, stubApi, userText } from './fake-api';

afterEach(() => vi.unstubAllGlobals());

async function send(messages: AgentUIMessage[], extras: ApprovalExtras = new Map()) {
  const api = stubApi({ 'POST /api/chat': () => json({ error: { code: 'run_active', message: 'busy' } }, 409) });
  const { result } = renderHook(() => useChatTransport(extras));
  await result.current
    .sendMessages({ trigger: 'submit-message', chatId: 's1', messageId: undefined, messages, abortSignal: undefined, body: { modelKey: 'demo-model' } })
    .catch(() => undefined);
  return api.calls[0]!;
}

test('a new message goes alone, with the model; the server holds the history', async () => {
  const call = await send([userText('u0', 'earlier'), { id: 'a0', role: 'assistant', parts: [] }, userText('u1', 'now')]);
  expect(call.body).toEqual({ sessionId: 's1', modelKey: 'demo-model', message: userText('u1', 'now') });
});

test('answering approvals sends only the decisions, with edited arguments and always-allow from the extras', async () => {
  const answered: AgentUIMessage = {
    id: 'a1',
    role: 'assistant',
    parts: [
      {
        type: 'tool-bash',
        toolCallId: 'c1',
        state: 'approval-responded',
        input: { command: 'rm -rf build' },
        approval: { id: 'apr-1', approved: true, signature: 'sig-1' },
      },
      { type: 'tool-bash', toolCallId: 'c2', state: 'approval-responded', input: { command: 'ls' }, approval: { id: 'apr-2', approved: false, reason: 'no', signature: 'sig-2' } },
    ],
  };
  const extras: ApprovalExtras = new Map([['apr-1', { editedInput: { command: 'rm -rf build/tmp' }, alwaysAllow: true }]]);
  const call = await send([userText('u1', 'clean up'), answered], extras);
  expect(call.body).toEqual({
    sessionId: 's1',
    approvals: [
      { approvalId: 'apr-1', approved: true, signature: 'sig-1', editedInput: { command: 'rm -rf build/tmp' }, alwaysAllow: true },
      { approvalId: 'apr-2', approved: false, signature: 'sig-2', reason: 'no' },
    ],
  });
});

test('reattaching reads the run from the session stream endpoint', async () => {
  const api = stubApi({ 'GET /api/chat/s1/stream': () => new Response(null, { status: 204 }) });
  const { result } = renderHook(() => useChatTransport(new Map()));
  expect(await result.current.reconnectToStream({ chatId: 's1' })).toBeNull();
  expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/chat/s1/stream']);
});

test('a reattach that names a run asks for that run, so one that ended meanwhile is still replayed', async () => {
  const api = stubApi({ 'GET /api/chat/s1/stream?run=run-7': () => new Response(null, { status: 204 }) });
  const { result } = renderHook(() => useChatTransport(new Map()));
  expect(await result.current.reconnectToStream({ chatId: 's1', ...reattachOptions('run-7') })).toBeNull();
  expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/chat/s1/stream?run=run-7']);
  expect(reattachOptions(undefined)).toEqual({});
});
