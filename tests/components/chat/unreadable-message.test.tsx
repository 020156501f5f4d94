import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { AssistantMessage } from '@/components/chat/assistant-message';
import { isVisiblePart } from '@/components/chat/assistant-part';
import { Transcript } from '@/components/chat/transcript';
import { UnreadableMessagePart } from '@/components/chat/unreadable-message-part';
import { UserMessage } from '@/components/chat/user-message';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { unreadableMessage } from '@/lib/agent/unreadable-message';
import { renderInApp } from '../agent/fixtures';

const REASON = 'parts[0].data.reason: Invalid input: expected string, received number';

test('says the message could not be loaded, with the reason in small print', () => {
  renderInApp(<UnreadableMessagePart notice={{ reason: REASON }} />);

  const notice = screen.getByRole('note');
  expect(notice.dataset.testid).toBe('unreadable-message');
  expect(within(notice).getByText('This message could not be loaded')).toBeTruthy();
  const reason = within(notice).getByText(REASON);
  expect(reason.className).toContain('text-xs');
});

test('an assistant stand-in draws the notice through the data part registry', () => {
  const message = unreadableMessage('a-broken', 'assistant', REASON);
  expect(isVisiblePart(message.parts[0])).toBe(true);
  renderInApp(<AssistantMessage message={message} streaming={false} />);

  const article = screen.getByTestId('message-assistant');
  expect(article.dataset.messageId).toBe('a-broken');
  expect(within(article).getByTestId('unreadable-message').textContent).toBe(`This message could not be loaded${REASON}`);
});

test('a user stand-in shows the notice instead of an empty bubble', () => {
  renderInApp(<UserMessage message={unreadableMessage('u-broken', 'user', REASON)} />);

  const row = screen.getByTestId('message-user');
  expect(row.dataset.messageId).toBe('u-broken');
  expect(within(row).getByTestId('unreadable-message').textContent).toBe(`This message could not be loaded${REASON}`);
  expect(within(row).queryByTestId('copy-user-message')).toBeNull();
});

test('the rest of the transcript renders around a stand-in', () => {
  const messages: AgentUIMessage[] = [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is 6*7?' }] },
    unreadableMessage('a1', 'assistant', REASON),
    { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And 7*8?' }] },
    { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: 'It is 56.', state: 'done' }] },
  ];
  renderInApp(<Transcript messages={messages} status="ready" />);

  expect(screen.getAllByTestId('unreadable-message')).toHaveLength(1);
  expect(screen.getAllByTestId('message-user').map((row) => row.textContent)).toEqual(['What is 6*7?', 'And 7*8?']);
  const [broken, answer] = screen.getAllByTestId('message-assistant');
  expect(within(broken).getByTestId('unreadable-message')).toBeTruthy();
  expect(answer.dataset.messageId).toBe('a2');
  expect(within(answer).queryByTestId('unreadable-message')).toBeNull();
  expect(answer.textContent).toContain('It is 56.');
});
