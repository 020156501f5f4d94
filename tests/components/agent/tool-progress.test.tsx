import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ToolCard } from '@/components/agent/tool-card';
import { ToolProgressProvider } from '@/components/agent/tool-progress';
import type { ToolPart } from '@/components/agent/tool-part';
import type { ToolProgress } from '@/lib/agent/messages';
import { calculatorDone, calculatorRunning, renderInApp } from './fixtures';

function renderWithProgress(part: ToolPart, progress: Omit<ToolProgress, 'toolCallId'>, messageStreaming = true) {
  const map = new Map([[part.toolCallId, { toolCallId: part.toolCallId, ...progress }]]);
  return renderInApp(
    <ToolProgressProvider value={map}>
      <ToolCard part={part} messageStreaming={messageStreaming} />
    </ToolProgressProvider>,
  );
}

describe('a running call with progress', () => {
  test('shows a bar filled to progress/total with the server message and the figures', () => {
    renderWithProgress(calculatorRunning(), { progress: 3, total: 4, message: 'Indexing batch 3 of 4' });
    const progress = screen.getByTestId('tool-progress');
    const bar = within(progress).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('4');
    expect(within(progress).getByTestId('tool-progress-fill').style.width).toBe('75%');
    expect(within(progress).getByTestId('tool-progress-message').textContent).toBe('Indexing batch 3 of 4');
    expect(progress.textContent).toContain('3 of 4');
  });

  test('without a total the bar is indeterminate and still shows the message', () => {
    renderWithProgress(calculatorRunning(), { progress: 12, message: 'Reading' });
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(screen.getByTestId('tool-progress-fill').style.width).toBe('');
    expect(screen.getByTestId('tool-progress').textContent).toContain('Reading');
  });

  test('a finished call shows no bar, and its log lines are in the details', async () => {
    const user = userEvent.setup();
    renderWithProgress(calculatorDone(), {
      progress: 4,
      total: 4,
      logs: [
        { level: 'info', logger: 'indexer', text: 'indexed batch 1 of 4' },
        { level: 'warning', text: 'one file skipped' },
      ],
    });
    expect(screen.queryByTestId('tool-progress')).toBeNull();
    expect(screen.queryByTestId('tool-log')).toBeNull();
    await user.click(screen.getByTestId('tool-toggle'));
    const lines = within(screen.getByTestId('tool-log')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['info [indexer] indexed batch 1 of 4', 'warning one file skipped']);
    expect(lines[1].dataset.level).toBe('warning');
  });
});
