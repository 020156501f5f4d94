import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { AssistantPart } from '@/components/chat/assistant-part';
import type { StepErrorNotice } from '@/lib/agent/messages';
import { renderInApp } from '../../agent/fixtures';

function renderStepError(data: StepErrorNotice) {
  return renderInApp(<AssistantPart part={{ type: 'data-step-error', id: 'step-error-1', data }} messageId="msg-1" index={2} messageStreaming={false} isNewest />);
}

function toggle() {
  return screen.getByTestId('failed-attempt-toggle');
}

const DROPPED: StepErrorNotice = {
  step: 2,
  message: 'The connection to the provider dropped.',
  cause: 'network',
  statusCode: 502,
  attempt: 1,
  summary: 'connection dropped after 212 tokens',
  outcome: 'retrying',
  discardedTokens: 212,
  discardedText: 'The answer is probably',
  discardedReasoning: 'Let me think about the parser',
  discardedToolCalls: ['read_file', 'grep'],
};

test('collapsed to one line: which attempt, what failed, what happens next', () => {
  renderStepError(DROPPED);

  const row = screen.getByTestId('failed-attempt');
  expect(row.dataset.cause).toBe('network');
  expect(row.dataset.outcome).toBe('retrying');
  expect(screen.getByTestId('failed-attempt-label').textContent).toBe('attempt 1 failed: connection dropped after 212 tokens, retrying');
  expect(toggle().getAttribute('aria-expanded')).toBe('false');
  expect(toggle().title).toBe('Show details');
  // The withdrawn output is not in the page until asked for.
  expect(screen.queryByText('The answer is probably')).toBeNull();
});

test('expanded: the error, status, lost tokens and the withdrawn output, marked as such', async () => {
  const user = userEvent.setup();
  renderStepError(DROPPED);

  await user.click(toggle());
  expect(toggle().getAttribute('aria-expanded')).toBe('true');
  const details = screen.getByTestId('failed-attempt-details');
  expect(details.textContent).toContain('ErrorThe connection to the provider dropped.');
  expect(details.textContent).toContain('Status502');
  expect(details.textContent).toContain('Output lost212 tokens');

  const withdrawn = within(details).getByTestId('failed-attempt-withdrawn');
  expect(withdrawn.textContent).toContain('withdrawn: not part of the answer, not sent to the model');
  expect(within(withdrawn).getByText('Let me think about the parser')).toBeTruthy();
  expect(within(withdrawn).getByTestId('failed-attempt-text').textContent).toBe('The answer is probably');
  expect(within(withdrawn).getByText('Tool calls started, never run: read_file, grep')).toBeTruthy();

  await user.click(toggle());
  expect(screen.queryByTestId('failed-attempt-details')).toBeNull();
});

test('the last attempt says it gave up; an attempt with nothing streamed says so', async () => {
  const user = userEvent.setup();
  renderStepError({ step: 3, message: 'Rate limited by the provider.', cause: 'rate-limited', attempt: 4, outcome: 'failed', discardedTokens: 1 });

  expect(screen.getByTestId('failed-attempt-label').textContent).toBe('attempt 4 failed: Rate limited by the provider., gave up');
  await user.click(toggle());
  const details = screen.getByTestId('failed-attempt-details');
  expect(details.textContent).toContain('Output lost1 token');
  expect(details.textContent).not.toContain('Status');
  expect(within(details).getByText('Nothing had arrived from this attempt.')).toBeTruthy();
  expect(within(details).queryByTestId('failed-attempt-withdrawn')).toBeNull();
});

test('a part stored before attempts were recorded reads "model call failed"', () => {
  renderStepError({ step: 1, message: 'Provider error 500', cause: 'server-error' });
  expect(screen.getByTestId('failed-attempt-label').textContent).toBe('model call failed: Provider error 500');
});

test('withdrawn text is shown as text, never as markup', async () => {
  const user = userEvent.setup();
  const { container } = renderStepError({ ...DROPPED, discardedText: '<img src=x onerror="window.pwnedFlag=1"> **not bold**' });

  await user.click(toggle());
  expect(container.querySelector('img')).toBeNull();
  expect(screen.getByTestId('failed-attempt-text').textContent).toBe('<img src=x onerror="window.pwnedFlag=1"> **not bold**');
});
