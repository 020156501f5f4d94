import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ChatError } from '@/components/chat/chat-error';
import { TooltipProvider } from '@/components/ui/tooltip';

function renderError(props: Partial<React.ComponentProps<typeof ChatError>> & Pick<React.ComponentProps<typeof ChatError>, 'error' | 'rejected'>) {
  const onDismiss = vi.fn();
  render(
    <TooltipProvider>
      <ChatError onDismiss={onDismiss} {...props} />
    </TooltipProvider>,
  );
  return { onDismiss };
}

test('a message refused while the agent works says so, keeps the draft, and offers the running reply', async () => {
  const onReattach = vi.fn();
  renderError({ error: { message: 'The agent is still working in this session.', status: 409, code: 'run_active' }, rejected: true, onReattach });
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toContain('Not sent: the agent is still working');
  expect(alert.textContent).toContain('Your message is back in the box below.');
  expect(screen.queryByTestId('retry-button')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Show the running reply' }));
  expect(onReattach).toHaveBeenCalledOnce();
});

test('the same words as the toast for every refusal code', () => {
  renderError({ error: { message: 'The server is restarting. Try again in a moment.', status: 503, code: 'shutting_down' }, rejected: true });
  expect(screen.getByRole('alert').textContent).toContain('Not sent: the server is restarting');
});

test('a failed run offers Retry and can be dismissed', async () => {
  const onRetry = vi.fn();
  const { onDismiss } = renderError({ error: { message: 'The provider returned an error (HTTP 500).', status: 500 }, rejected: false, onRetry });
  expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(onRetry).toHaveBeenCalledOnce();
  expect(onDismiss).toHaveBeenCalledOnce();
});
