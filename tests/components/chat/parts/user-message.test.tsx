import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { UserMessage } from '@/components/chat/user-message';
import { SessionContextProvider, type SessionContextValue } from '@/components/context/session-context';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { renderInApp, sessionContext } from '../../agent/fixtures';

function userMessage(text: string, id = 'user-1'): AgentUIMessage {
  return { id, role: 'user', parts: [{ type: 'text', text }] };
}

function renderUserMessage(message: AgentUIMessage, context: SessionContextValue | null = null) {
  return renderInApp(
    <SessionContextProvider value={context}>
      <UserMessage message={message} />
    </SessionContextProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

test('shows the text exactly as typed: no markdown, no HTML', () => {
  const text = '**not bold** and <b onclick="x()">not a tag</b>\n<script>window.pwnedFlag=1</script>';
  const { container } = renderUserMessage(userMessage(text));

  const bubble = screen.getByTestId('message-user');
  expect(bubble.dataset.messageId).toBe('user-1');
  expect(screen.getByText((_, element) => element?.textContent === text && element.children.length === 0)).toBeTruthy();
  expect(container.querySelector('b, strong, script')).toBeNull();
  expect((window as { pwnedFlag?: unknown }).pwnedFlag).toBeUndefined();
});

test('several text parts are joined by a blank line', () => {
  renderUserMessage({ id: 'user-2', role: 'user', parts: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }] });
  expect(screen.getByText((_, element) => element?.textContent === 'first\n\nsecond' && element.children.length === 0)).toBeTruthy();
});

test('"Copy message" copies the text', async () => {
  // The async Clipboard API needs a secure context (https or localhost); happy-dom does not set one.
  vi.stubGlobal('isSecureContext', true);
  const user = userEvent.setup();
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  renderUserMessage(userMessage('Summarize README.md'));

  await user.click(screen.getByRole('button', { name: 'Copy message' }));
  expect(writeText).toHaveBeenCalledExactlyOnceWith('Summarize README.md');
  expect(screen.getByRole('button', { name: 'Copy message' }).dataset.copied).toBe('true');
});

test('outside a session there is no pin button', () => {
  renderUserMessage(userMessage('hello'));
  expect(screen.queryByRole('button', { name: /pin message/i })).toBeNull();
  expect(screen.queryByTestId('pinned-marker')).toBeNull();
});

test('in a session the message can be pinned', async () => {
  const user = userEvent.setup();
  const context = sessionContext();
  renderUserMessage(userMessage('Keep this requirement'), context);

  const pin = screen.getByRole('button', { name: 'Pin message' });
  expect(pin.getAttribute('aria-pressed')).toBe('false');
  expect(screen.queryByText('Pinned')).toBeNull();
  await user.click(pin);
  expect(context.togglePin).toHaveBeenCalledExactlyOnceWith('user-1');
});

test('a pinned message shows its marker and offers to unpin', () => {
  renderUserMessage(userMessage('Keep this requirement'), sessionContext({ pinned: new Set(['user-1']) }));

  expect(screen.getByTestId('pinned-marker').textContent).toBe('Pinned');
  expect(screen.getByRole('button', { name: 'Unpin message' }).getAttribute('aria-pressed')).toBe('true');
});
