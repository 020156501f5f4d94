import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { AssistantPart } from '@/components/chat/assistant-part';
import type { AgentUIMessagePart } from '@/lib/agent/messages';
import { renderInApp, uniqueId } from '../../agent/fixtures';

function reasoning(text: string, state: 'streaming' | 'done'): AgentUIMessagePart {
  return { type: 'reasoning', text, state };
}

/** Reasoning timings are keyed by message id and part index: a fresh message id per test. */
function part(value: AgentUIMessagePart, messageId: string, messageStreaming: boolean) {
  return <AssistantPart part={value} messageId={messageId} index={1} messageStreaming={messageStreaming} isNewest />;
}

function toggle() {
  return screen.getByTestId('reasoning-toggle');
}

afterEach(() => {
  vi.useRealTimers();
});

test('while it streams: "Thinking…", open, the text so far as markdown', () => {
  renderInApp(part(reasoning('Let me check **the tests** first', 'streaming'), uniqueId('msg'), true));

  expect(screen.getByTestId('reasoning-block').dataset.state).toBe('streaming');
  expect(screen.getByTestId('reasoning-label').textContent).toBe('Thinking…');
  expect(toggle().getAttribute('aria-expanded')).toBe('true');
  expect(toggle().title).toBe('Hide reasoning');
  expect(screen.getByTestId('reasoning-text').textContent).toContain('Let me check the tests first');
  expect(screen.getByText('the tests').dataset.streamdown).toBe('strong');
});

test('when the model moves on it closes itself and says how long it thought', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
  const messageId = uniqueId('msg');
  const { rerender } = renderInApp(part(reasoning('Checking the parser', 'streaming'), messageId, true));
  expect(screen.getByTestId('reasoning-label').textContent).toBe('Thinking…');

  vi.setSystemTime(new Date('2026-01-01T10:00:12Z'));
  rerender(part(reasoning('Checking the parser', 'done'), messageId, true));

  expect(screen.getByTestId('reasoning-block').dataset.state).toBe('done');
  expect(screen.getByTestId('reasoning-label').textContent).toBe('Thought for 12 s');
  expect(toggle().getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByTestId('reasoning-text')).toBeNull();
});

test('a streaming reasoning part in a message that stopped is shown as finished', () => {
  renderInApp(part(reasoning('half a thought', 'streaming'), uniqueId('msg'), false));

  expect(screen.getByTestId('reasoning-block').dataset.state).toBe('done');
  expect(screen.getByTestId('reasoning-label').textContent).not.toBe('Thinking…');
});

test('from history: "Reasoning", collapsed, opens on click', async () => {
  const user = userEvent.setup();
  renderInApp(part(reasoning('The user wants a **summary**.', 'done'), uniqueId('msg'), false));

  expect(screen.getByTestId('reasoning-label').textContent).toBe('Reasoning');
  expect(toggle().getAttribute('aria-expanded')).toBe('false');
  expect(toggle().title).toBe('Show reasoning');
  expect(screen.queryByText(/The user wants a/)).toBeNull();

  await user.click(toggle());
  expect(toggle().getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByTestId('reasoning-text').textContent).toBe('The user wants a summary.');

  await user.click(toggle());
  expect(screen.queryByTestId('reasoning-text')).toBeNull();
});

test('reasoning the provider did not share says so, with nothing to open', () => {
  renderInApp(part(reasoning('   ', 'done'), uniqueId('msg'), false));

  const block = screen.getByTestId('reasoning-block');
  expect(block.hasAttribute('data-empty')).toBe(true);
  expect(block.textContent).toBe('Reasoning(the provider did not share the reasoning text)');
  expect(screen.queryByRole('button')).toBeNull();
});

test('reasoning text is inert like answer text', () => {
  const { container } = renderInApp(part(reasoning('<script>window.pwnedFlag = 1</script> <img src=x onerror="window.pwnedFlag=2">', 'streaming'), uniqueId('msg'), true));

  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('img')).toBeNull();
  expect(screen.getByTestId('reasoning-text').textContent).toContain('<script>window.pwnedFlag = 1</script>');
  expect((window as { pwnedFlag?: unknown }).pwnedFlag).toBeUndefined();
});
