import { render, screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';

// Counts renders per message id at the leaves each message draws: the assistant's parts and the pin marker.
const renders = vi.hoisted(() => new Map<string, number>());
const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);

vi.mock('@/components/chat/assistant-part', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/components/chat/assistant-part')>();
  return {
    ...original,
    AssistantPart: (props: Parameters<typeof original.AssistantPart>[0]) => {
      count(props.messageId);
      return original.AssistantPart(props);
    },
  };
});
vi.mock('@/components/context/pin-button', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/components/context/pin-button')>();
  return {
    ...original,
    PinnedMarker: (props: { messageId: string }) => {
      count(props.messageId);
      return null;
    },
  };
});

const { Transcript } = await import('@/components/chat/transcript');
const { TooltipProvider } = await import('@/components/ui/tooltip');

function Subject(props: { messages: AgentUIMessage[]; status: 'ready' | 'streaming' }) {
  return (
    <TooltipProvider>
      <Transcript {...props} />
    </TooltipProvider>
  );
}

function text(id: string, role: 'user' | 'assistant', value: string, state?: 'streaming' | 'done'): AgentUIMessage {
  return { id, role, parts: [{ type: 'text', text: value, ...(state ? { state } : {}) }] };
}

beforeEach(() => renders.clear());

test('a streaming token renders only the message it belongs to', () => {
  const history = [text('u1', 'user', 'first question'), text('a1', 'assistant', 'first answer', 'done'), text('u2', 'user', 'second question')];
  const streaming = text('a2', 'assistant', 'The ans', 'streaming');
  const { rerender } = render(<Subject messages={[...history, streaming]} status="streaming" />);
  expect(screen.getByText('The ans')).toBeTruthy();
  const before = new Map(renders);
  expect(before.get('u1')).toBeGreaterThan(0);
  expect(before.get('a1')).toBeGreaterThan(0);

  // What useChat does on a token: a new array and a new object for the last message only.
  const next = text('a2', 'assistant', 'The answer is', 'streaming');
  rerender(<Subject messages={[...history, next]} status="streaming" />);
  expect(screen.getByText('The answer is')).toBeTruthy();

  expect(renders.get('u1')).toBe(before.get('u1'));
  expect(renders.get('a1')).toBe(before.get('a1'));
  expect(renders.get('u2')).toBe(before.get('u2'));
  expect(renders.get('a2')).toBeGreaterThan(before.get('a2')!);
});

test('a message whose object changed renders again, wherever it is', () => {
  const messages = [text('u1', 'user', 'question'), text('a1', 'assistant', 'answer', 'done')];
  const { rerender } = render(<Subject messages={messages} status="ready" />);
  const before = new Map(renders);
  rerender(<Subject messages={[text('u1', 'user', 'question edited'), messages[1]!]} status="ready" />);
  expect(screen.getByText('question edited')).toBeTruthy();
  expect(renders.get('u1')).toBeGreaterThan(before.get('u1')!);
  expect(renders.get('a1')).toBe(before.get('a1'));
});
