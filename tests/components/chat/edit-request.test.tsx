import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ConversationActionsProvider, type ConversationActions } from '@/components/chat/conversation-actions';
import { requestEdit } from '@/components/chat/hooks/use-edit-request';
import { UserMessage } from '@/components/chat/user-message';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { AgentUIMessage } from '@/lib/agent/messages';

/** Up-arrow in the composer asks for an edit of one message by id (components/chat/hooks/use-edit-request.ts). */

const actions: ConversationActions = { branches: {}, canAct: true, lastMessageId: 'u2', switchTo: vi.fn(), regenerate: vi.fn(), edit: vi.fn(), fork: vi.fn() };
const message = (id: string, text: string): AgentUIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

test('only the message asked for opens its edit form, and closing it gives the focus back', async () => {
  render(
    <TooltipProvider>
      <ConversationActionsProvider value={actions}>
        <UserMessage message={message('u1', 'First')} />
        <UserMessage message={message('u2', 'Second')} />
      </ConversationActionsProvider>
    </TooltipProvider>,
  );
  const returnFocus = vi.fn();
  expect(requestEdit('not-on-the-page', returnFocus)).toBe(false);
  act(() => void expect(requestEdit('u2', returnFocus)).toBe(true));
  // The form is its own chunk (user-message.tsx): there once it has arrived.
  expect(await screen.findAllByTestId('edit-message-input')).toHaveLength(1);
  expect((screen.getByTestId('edit-message-input') as HTMLTextAreaElement).value).toBe('Second');
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByTestId('edit-message-form')).toBeNull();
  expect(returnFocus).toHaveBeenCalledTimes(1);

  act(() => void requestEdit('u2', returnFocus));
  await userEvent.clear(await screen.findByTestId('edit-message-input'));
  await userEvent.type(screen.getByTestId('edit-message-input'), 'Second, edited{Enter}');
  expect(actions.edit).toHaveBeenCalledWith('u2', 'Second, edited');
  expect(returnFocus).toHaveBeenCalledTimes(2);
});
