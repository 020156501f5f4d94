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
    PinButton: (props: Parameters<typeof original.PinButton>[0]) => {
      count(`pin:${props.messageId}`);
      return original.PinButton(props);
    },
  };
});

const { Transcript } = await import('@/components/chat/transcript');
const { ConversationActionsProvider } = await import('@/components/chat/conversation-actions');
const { SessionContextProvider } = await import('@/components/context/session-context');
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

test('what is drawn after each message (compaction dividers) is drawn again only for the streaming one', () => {
  const after = new Map<string, number>();
  // Stable, as ChatTranscriptArea keeps it: a new function per render would render every row again.
  const afterMessage = (message: AgentUIMessage) => {
    after.set(message.id, (after.get(message.id) ?? 0) + 1);
    return null;
  };
  const history = [text('u1', 'user', 'first question'), text('a1', 'assistant', 'first answer', 'done'), text('u2', 'user', 'second question')];
  const { rerender } = render(
    <TooltipProvider>
      <Transcript messages={[...history, text('a2', 'assistant', 'The', 'streaming')]} status="streaming" afterMessage={afterMessage} />
    </TooltipProvider>,
  );
  const before = new Map(after);
  for (const token of ['The answer', 'The answer is', 'The answer is 42']) {
    rerender(
      <TooltipProvider>
        <Transcript messages={[...history, text('a2', 'assistant', token, 'streaming')]} status="streaming" afterMessage={afterMessage} />
      </TooltipProvider>,
    );
  }
  expect(after.get('u1')).toBe(before.get('u1'));
  expect(after.get('a1')).toBe(before.get('a1'));
  expect(after.get('a2')).toBe(before.get('a2')! + 3);
});

test('a long session offers its earlier messages; rows of earlier pages skip rendering off screen, the others never', async () => {
  const load = vi.fn(async (options: { beforePrepend: () => void }) => {
    options.beforePrepend();
    return true;
  });
  const messages = [text('old1', 'user', 'an earlier question'), text('old2', 'assistant', 'an earlier answer', 'done'), text('u1', 'user', 'question')];
  render(
    <TooltipProvider>
      <Transcript messages={messages} status="ready" earlier={{ hasEarlier: true, loadedIds: new Set(['old1', 'old2']), loading: false, failed: false, load }} />
    </TooltipProvider>,
  );
  const rows = document.querySelectorAll<HTMLElement>('[data-transcript-row]');
  expect([...rows].map((row) => [row.dataset.transcriptRow, row.className.includes('content-visibility:auto')])).toEqual([
    ['old1', true],
    ['old2', true],
    ['u1', false],
  ]);
  const button = screen.getByRole('button', { name: 'Load earlier messages' });
  button.click();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a run starting and ending (the conversation controls enable and disable) renders no message again, only its controls', () => {
  const history = [text('u1', 'user', 'first question'), text('a1', 'assistant', 'first answer', 'done'), text('u2', 'user', 'second question'), text('a2', 'assistant', 'second answer', 'done')];
  const regenerate = vi.fn();
  const controls = { branches: {}, switchTo: () => {}, regenerate, edit: () => {}, fork: () => {} };
  const view = (canAct: boolean, lastMessageId: string) => (
    <TooltipProvider>
      {/* A new value object each time, as ChatView gives one when canAct or the last message changes. */}
      <ConversationActionsProvider value={{ ...controls, canAct, lastMessageId }}>
        <Transcript messages={history} status="ready" />
      </ConversationActionsProvider>
    </TooltipProvider>
  );
  const { rerender } = render(view(true, 'a2'));
  const before = new Map(renders);
  expect(screen.getAllByTestId('edit-message').every((button) => !(button as HTMLButtonElement).disabled)).toBe(true);
  expect(screen.getAllByTestId('regenerate')).toHaveLength(1);

  rerender(view(false, 'a2'));
  expect(screen.getAllByTestId('edit-message').every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
  expect(screen.getAllByTestId('fork-message').every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
  expect((screen.getByTestId('regenerate') as HTMLButtonElement).disabled).toBe(true);

  rerender(view(true, 'a2'));
  expect(screen.getAllByTestId('fork-message').every((button) => !(button as HTMLButtonElement).disabled)).toBe(true);
  for (const id of ['u1', 'a1', 'u2', 'a2']) expect(renders.get(id)).toBe(before.get(id));

  // The callbacks go through the latest value: a regenerate given later is the one called.
  const later = vi.fn();
  rerender(
    <TooltipProvider>
      <ConversationActionsProvider value={{ ...controls, regenerate: later, canAct: true, lastMessageId: 'a2' }}>
        <Transcript messages={history} status="ready" />
      </ConversationActionsProvider>
    </TooltipProvider>,
  );
  screen.getByTestId('regenerate').click();
  expect(later).toHaveBeenCalledTimes(1);
  expect(regenerate).not.toHaveBeenCalled();
});

test('a run starting and ending or a new context report with the same pins renders no pin button again', () => {
  const history = [text('u1', 'user', 'first question'), text('a1', 'assistant', 'first answer', 'done')];
  const togglePin = vi.fn(async () => {});
  const value = (running: boolean, pinned: string[]) => ({
    sessionId: 's1',
    report: null,
    refresh: () => {},
    pinned: new Set(pinned),
    togglePin,
    compact: async () => undefined,
    compacting: false,
    undo: async () => {},
    newSessionFromSummary: async () => {},
    running,
  });
  const controls = { branches: {}, switchTo: () => {}, regenerate: () => {}, edit: () => {}, fork: () => {} };
  const view = (running: boolean, pinned: string[]) => (
    <TooltipProvider>
      <ConversationActionsProvider value={{ ...controls, canAct: !running, lastMessageId: 'a1' }}>
        <SessionContextProvider value={value(running, pinned)}>
          <Transcript messages={history} status="ready" />
        </SessionContextProvider>
      </ConversationActionsProvider>
    </TooltipProvider>
  );
  const { rerender } = render(view(false, ['u1']));
  const before = new Map(renders);
  expect(before.get('pin:u1')).toBeGreaterThan(0);
  rerender(view(true, ['u1']));
  rerender(view(false, ['u1']));
  expect(renders.get('pin:u1')).toBe(before.get('pin:u1'));
  expect(renders.get('pin:a1')).toBe(before.get('pin:a1'));
  expect(renders.get('u1')).toBe(before.get('u1'));

  rerender(view(false, ['u1', 'a1']));
  expect(renders.get('pin:a1')).toBeGreaterThan(before.get('pin:a1')!);
  expect(screen.getAllByRole('button', { name: 'Unpin message' })).toHaveLength(2);
  screen.getAllByRole('button', { name: 'Unpin message' })[0]!.click();
  expect(togglePin).toHaveBeenCalledWith('u1');
});
