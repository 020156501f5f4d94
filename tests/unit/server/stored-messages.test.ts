import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { historyToModelMessages } from '@/lib/agent/run-context';
import { unreadableMessage } from '@/lib/agent/unreadable-message';
import { logger } from '@/lib/log.mjs';
import { readStoredMessage, readStoredMessageRow } from '@/lib/server/stored-messages';

let sequence = 0;
/** Each test its own session: a broken message is logged once per session, message and reason. */
const newSessionId = () => `session-${++sequence}`;

afterEach(() => vi.restoreAllMocks());

const read = (message: unknown, row: Partial<{ id: string; role: string }> = {}) => {
  const fields = typeof message === 'object' && message !== null ? (message as { id?: string; role?: string }) : {};
  return readStoredMessage(newSessionId(), { id: row.id ?? fields.id ?? 'row-id', role: row.role ?? fields.role ?? 'assistant', message });
};

const user: AgentUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is 6*7?' }], metadata: { createdAt: 1 } };

const assistant: AgentUIMessage = {
  id: 'a1',
  role: 'assistant',
  metadata: { model: 'compat:scripted-chat', usage: { inputTokens: 10, cachedInputTokens: 0, outputTokens: 5, reasoningTokens: 0, estimated: false } },
  parts: [
    { type: 'step-start' },
    { type: 'reasoning', text: 'Multiply.', state: 'done' },
    { type: 'tool-calculator', toolCallId: 'c1', state: 'output-available', input: { expression: '6*7' }, output: { expression: '6*7', result: 42 } },
    { type: 'data-tool-decision', id: 'd1', data: { toolCallId: 'c1', outcome: 'allowed', reason: 'mode auto' } },
    { type: 'data-retry', id: 'r1', data: { attempt: 1, maxRetries: 3, delayMs: 1000, cause: 'rate-limited', message: 'Rate limited' } },
    { type: 'data-step-error', data: { step: 1, message: 'The connection dropped.', cause: 'network' } },
    // An MCP tool waiting for approval: its schema lives on its server, so its input is taken as stored.
    { type: 'tool-everything__echo', toolCallId: 'c2', state: 'approval-requested', input: { message: 'hi' }, approval: { id: 'apr-1' } },
    { type: 'text', text: 'It is 42.', state: 'done' },
    { type: 'data-run-end', id: 'run-end', data: { reason: 'awaiting-approval', message: 'Waiting for your answer.', finishReason: 'tool-calls' } },
  ],
};

describe('stored messages on load', () => {
  it('load unchanged when they are valid: text, reasoning, app and MCP tool calls, every kind of notice, metadata', async () => {
    expect(await read(user)).toEqual({ ok: true, message: user });
    expect(await read(assistant)).toEqual({ ok: true, message: assistant });
  });

  it('keep a failed call whose arguments never matched the tool: the SDK makes it a dynamic-tool part', async () => {
    const failed: AgentUIMessage = {
      id: 'a2',
      role: 'assistant',
      parts: [{ type: 'tool-calculator', toolCallId: 'c3', state: 'output-error', input: { expr: 1 }, errorText: 'Invalid input for tool calculator' }],
    };
    const result = await read(failed);
    expect(result.ok).toBe(true);
    expect(result.message.parts[0]).toMatchObject({ type: 'dynamic-tool', toolName: 'calculator', state: 'output-error', input: { expr: 1 } });
  });

  it.each<[string, unknown, RegExp]>([
    ['a part of a type nobody knows', { id: 'm', role: 'user', parts: [{ type: 'mystery', text: 'x' }] }, /^parts\[0\]\.type: Invalid UI message part type/],
    ['a data part of the wrong shape', { id: 'm', role: 'assistant', parts: [{ type: 'data-run-end', data: { reason: 42 } }] }, /^parts\[0\]\.data\.reason: /],
    ['a data part of an unknown type', { id: 'm', role: 'assistant', parts: [{ type: 'data-mystery', data: {} }] }, /^parts\[0\]\.data: No data schema found for data part mystery$/],
    [
      'an app tool call with arguments its schema refuses',
      { id: 'm', role: 'assistant', parts: [{ type: 'tool-calculator', toolCallId: 'c', state: 'input-available', input: { expression: 7 } }] },
      /^parts\[0\]\.input\.expression: /,
    ],
    ['an object that is not a UI message', { hello: 'world' }, /^id: /],
    ['an array', [1, 2, 3], /^message: /],
    ['a string', 'just text', /^message: /],
    ['null', null, /^message: /],
  ])('become a stand-in for %s', async (_case, message, reason) => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const sessionId = newSessionId();
    const result = await readStoredMessage(sessionId, { id: 'row-7', role: 'user', message });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toMatch(reason);
    expect(result.reason.length).toBeLessThanOrEqual(200);
    expect(result.message).toEqual(unreadableMessage('row-7', 'user', result.reason));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatchObject({ sessionId, messageId: 'row-7', reason: result.reason });
    expect(warn.mock.calls[0][1]).toBe('stored message failed validation');
  });

  it('become a stand-in when the stored text is not JSON at all', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const result = await readStoredMessageRow(newSessionId(), { id: 'row-8', role: 'assistant', json: '{"id":"row-8","parts":[' });
    expect(result).toMatchObject({ ok: false, reason: 'the stored text is not valid JSON', message: unreadableMessage('row-8', 'assistant', 'the stored text is not valid JSON') });
  });

  it('become a stand-in when the message names another id or role than its row', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => {});
    expect(await read(user, { id: 'other-row' })).toMatchObject({ ok: false, reason: 'message id "u1" does not match its row' });
    expect(await read(user, { role: 'assistant' })).toMatchObject({ ok: false, reason: 'message role user does not match its row (assistant)' });
  });

  it('never quote the stored message in the reason or the log line', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const secretish = 'the whole stored conversation '.repeat(50);
    const result = await read({ id: 'm', role: 'user', parts: [{ type: 'text', text: secretish }, { type: 'mystery' }] }, { id: 'm' });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(warn.mock.calls[0][0]).length).toBeLessThan(1_000);
  });

  it('log a broken message once per session, not at every load', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const sessionId = newSessionId();
    const broken = { id: 'row-9', role: 'assistant', message: { id: 'row-9', role: 'assistant', parts: [{ type: 'mystery' }] } };
    await readStoredMessage(sessionId, broken);
    await readStoredMessage(sessionId, broken);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('the model history', () => {
  it('leaves out stand-ins, so no empty user message reaches the provider', async () => {
    const history: AgentUIMessage[] = [
      user,
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: '42.' }] },
      unreadableMessage('u2', 'user', 'parts[0].type: Invalid UI message part type'),
      unreadableMessage('a2', 'assistant', 'parts[0].data.reason: Invalid input'),
      { id: 'u3', role: 'user', parts: [{ type: 'text', text: 'And 7*8?' }] },
    ];
    const model = await historyToModelMessages(history, [], 10_000);
    expect(model.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(model)).not.toContain('Invalid');
  });
});
