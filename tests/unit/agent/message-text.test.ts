import { describe, expect, it } from 'vitest';
import { messageText, type AgentUIMessage } from '@/lib/agent/messages';
import { modelMessageText } from '@/lib/agent/usage';
import { titleFromMessage } from '@/lib/agent/titles';

const assistant: AgentUIMessage = {
  id: 'a',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    { type: 'reasoning', text: 'thinking it over' },
    { type: 'text', text: 'First paragraph.' },
    { type: 'tool-calculator', toolCallId: 'c1', state: 'output-available', input: { expression: '6*7' }, output: { result: 42 } },
    { type: 'text', text: '' },
    { type: 'text', text: 'Second paragraph.' },
  ],
};

describe('messageText (UI messages, client and server alike)', () => {
  it('joins the text parts as paragraphs and leaves out reasoning, tools and empty text', () => {
    expect(messageText(assistant)).toBe('First paragraph.\n\nSecond paragraph.');
  });

  it('is empty for a message without text', () => {
    expect(messageText({ parts: [{ type: 'step-start' }] })).toBe('');
  });

  it('gives automatic titles the first line of the first text part', () => {
    const user: AgentUIMessage = { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Rename the file' }, { type: 'text', text: 'and update imports' }] };
    expect(titleFromMessage(user)).toBe('Rename the file');
  });
});

describe('modelMessageText (model messages, for token estimates)', () => {
  it('reads text, reasoning, tool calls and tool results', () => {
    expect(modelMessageText({ role: 'user', content: 'plain' })).toBe('plain');
    expect(
      modelMessageText({
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'hmm' },
          { type: 'text', text: 'Let me compute.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'calculator', input: { expression: '6*7' } },
        ],
      }),
    ).toBe('hmm\nLet me compute.\ncalculator {"expression":"6*7"}');
  });
});
