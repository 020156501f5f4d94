import { convertToModelMessages } from 'ai';
import { describe, expect, it } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { chatRequestSchema, messageChars, toUserMessage } from '@/lib/api/chat-request';
import { closeInterruptedMessage } from '@/lib/server/recovery';
import { titleFromMessage } from '@/lib/agent/titles';

const user = (text: string): AgentUIMessage => ({ id: 'u', role: 'user', parts: [{ type: 'text', text }] });

describe('automatic titles', () => {
  it('uses the first non-empty line, without markdown', () => {
    expect(titleFromMessage(user('\n## Fix the **login** bug\nDetails follow'))).toBe('Fix the login bug');
  });
  it('cuts long titles at a word boundary', () => {
    const title = titleFromMessage(user('Please write a detailed comparison of every sorting algorithm you know'));
    expect(title.length).toBeLessThanOrEqual(49);
    expect(title.endsWith('…')).toBe(true);
    expect(title).toBe('Please write a detailed comparison of every…');
  });
});

describe('chat request', () => {
  const valid = { sessionId: 's', message: { id: 'm', role: 'user', parts: [{ type: 'text', text: 'hi' }] } };
  it('accepts only a user message with text parts', () => {
    expect(chatRequestSchema.safeParse(valid).success).toBe(true);
    expect(chatRequestSchema.safeParse({ ...valid, message: { ...valid.message, role: 'assistant' } }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ ...valid, message: { ...valid.message, parts: [] } }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ sessionId: 's' }).success).toBe(false);
  });
  it('stores only validated fields, never client metadata', () => {
    const parsed = chatRequestSchema.parse({ ...valid, message: { ...valid.message, metadata: { usage: { inputTokens: 1e9 } }, extra: 1 } });
    expect(toUserMessage(parsed, 42)).toEqual({ id: 'm', role: 'user', parts: [{ type: 'text', text: 'hi' }], metadata: { createdAt: 42 } });
    expect(messageChars(chatRequestSchema.parse({ ...valid, message: { ...valid.message, parts: [{ type: 'text', text: 'ab' }, { type: 'text', text: 'cde' }] } }))).toBe(5);
  });
});

describe('recovery of a run a dead process left behind', () => {
  it('gives every tool call without a result an error result, so the next turn converts', async () => {
    const message: AgentUIMessage = {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-calculator', toolCallId: 'c1', state: 'output-available', input: { expression: '1' }, output: 1 },
        { type: 'tool-calculator', toolCallId: 'c2', state: 'input-available', input: { expression: '2' } },
      ],
    };
    const closed = closeInterruptedMessage(message);
    expect(closed.parts[2]).toMatchObject({ state: 'output-error', errorText: expect.stringMatching(/interrupted/) });
    expect(closed.metadata?.runEnd?.reason).toBe('server-restart');
    const model = await convertToModelMessages([user('q'), closed]);
    const results = model.filter((m) => m.role === 'tool').flatMap((m) => m.content);
    expect(results).toHaveLength(2);
  });
});

describe('automatic titles keep arithmetic', () => {
  it('does not eat a multiplication sign', () => {
    expect(titleFromMessage(user('Work out (17 * 23) + sqrt(144)'))).toBe('Work out (17 * 23) + sqrt(144)');
  });
});
