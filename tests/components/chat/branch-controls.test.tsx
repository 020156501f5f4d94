import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ConversationActionsProvider, type ConversationActions } from '@/components/chat/conversation-actions';
import { MessageFooter } from '@/components/chat/message-footer';
import { UserMessage } from '@/components/chat/user-message';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { AgentUIMessage } from '@/lib/agent/messages';

function actions(overrides: Partial<ConversationActions> = {}): ConversationActions {
  return { branches: {}, canAct: true, lastMessageId: 'a2', switchTo: vi.fn(), regenerate: vi.fn(), edit: vi.fn(), fork: vi.fn(), ...overrides };
}

function renderWith(value: ConversationActions | null, node: React.ReactNode) {
  return render(
    <TooltipProvider>{value ? <ConversationActionsProvider value={value}>{node}</ConversationActionsProvider> : node}</TooltipProvider>,
  );
}

const answer: AgentUIMessage = { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: 'Second answer' }] };
const question: AgentUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is 2+2?' }] };

test('a message with versions shows its place and switches to its neighbours', async () => {
  const value = actions({ branches: { a2: { siblings: ['a1', 'a2', 'a3'], index: 1 } } });
  renderWith(value, <MessageFooter message={answer} />);
  expect(screen.getByTestId('branch-position').textContent).toBe('2 / 3');
  await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
  await userEvent.click(screen.getByRole('button', { name: 'Next version' }));
  expect(value.switchTo).toHaveBeenNthCalledWith(1, 'a1');
  expect(value.switchTo).toHaveBeenNthCalledWith(2, 'a3');
});

test('the first and last versions cannot go further, and nothing switches while the agent works', () => {
  renderWith(actions({ branches: { a2: { siblings: ['a1', 'a2'], index: 1 } }, canAct: false }), <MessageFooter message={answer} />);
  expect(screen.getByRole('button', { name: 'Next version' })).toHaveProperty('disabled', true);
  expect(screen.getByRole('button', { name: 'Previous version' })).toHaveProperty('disabled', true);
});

test('regenerate is offered on the latest answer only', async () => {
  const value = actions();
  const { unmount } = renderWith(value, <MessageFooter message={answer} />);
  await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
  expect(value.regenerate).toHaveBeenCalledOnce();
  unmount();
  renderWith(actions({ lastMessageId: 'other' }), <MessageFooter message={answer} />);
  expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
});

test('editing a message sends the new text; unchanged text cannot be sent, Escape cancels', async () => {
  const value = actions();
  renderWith(value, <UserMessage message={question} />);
  await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
  // The form is its own chunk (user-message.tsx): there once it has arrived.
  const input = await screen.findByRole('textbox', { name: 'Edit your message' });
  expect(screen.getByTestId('edit-message-send')).toHaveProperty('disabled', true);
  await userEvent.clear(input);
  await userEvent.type(input, 'What is 3+3?');
  await userEvent.click(screen.getByTestId('edit-message-send'));
  expect(value.edit).toHaveBeenCalledWith('u1', 'What is 3+3?');
  expect(screen.getByText('What is 2+2?')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
  await screen.findByTestId('edit-message-form');
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByTestId('edit-message-form')).toBeNull();
});

test('any message can be forked from', async () => {
  const value = actions();
  renderWith(value, <><UserMessage message={question} /><MessageFooter message={answer} /></>);
  const [fromQuestion, fromAnswer] = screen.getAllByRole('button', { name: 'Fork from here' });
  await userEvent.click(fromQuestion!);
  await userEvent.click(fromAnswer!);
  expect(value.fork).toHaveBeenNthCalledWith(1, 'u1');
  expect(value.fork).toHaveBeenNthCalledWith(2, 'a2');
});

test('outside a live session (a share page) there is nothing to switch, regenerate or edit', () => {
  renderWith(null, <><UserMessage message={question} /><MessageFooter message={answer} /></>);
  expect(screen.queryByRole('button', { name: 'Edit message' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  expect(screen.queryByTestId('branch-switcher')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Fork from here' })).toBeNull();
});
