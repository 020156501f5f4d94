import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StepTraceView } from '@/components/inspector/step-trace-view';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { EditableRequest } from '@/lib/agent/editable-request';
import { createStepTrace, type ReleaseRecord, type StepTrace } from '@/lib/agent/trace';
import type { RunStep } from '@/lib/api-types';

const PAUSED: EditableRequest = {
  instructions: 'Be brief.',
  messages: [{ role: 'user', content: 'Add two and two' }],
  tools: [
    { name: 'calculator', enabled: true },
    { name: 'bash', enabled: true },
  ],
  settings: {},
};
const SENT: EditableRequest = {
  ...PAUSED,
  messages: [{ role: 'user', content: 'Add two and three' }],
  tools: [
    { name: 'calculator', enabled: true },
    { name: 'bash', enabled: false },
  ],
  settings: { temperature: 0.2 },
};

function stepWith(released: ReleaseRecord | undefined): RunStep {
  const trace: StepTrace = createStepTrace(0, 'model', Date.UTC(2026, 0, 1));
  trace.request = {
    ...trace.request,
    body: { model: 'gpt', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Add two and three' }] },
    instructions: 'Be brief.',
    tools: ['calculator'],
    modelId: 'gpt',
    provider: 'openai.chat',
    ...(released ? { released } : {}),
  };
  return { stepNumber: 0, trace };
}

function renderStep(released: ReleaseRecord | undefined) {
  return render(
    <TooltipProvider>
      <StepTraceView step={stepWith(released)} position={1} runId="run-1" modelKey="openai:gpt" />
    </TooltipProvider>,
  );
}

describe('a step paused in step mode', () => {
  it('says it was released as is, and offers no edit to show', () => {
    renderStep({ edited: false });
    expect(screen.getByTestId('step-released').textContent).toContain('paused, released as is');
    expect(screen.queryByTestId('step-show-edit')).toBeNull();
  });

  it('says it was edited, and shows the edit as a diff of the request as paused and as sent', async () => {
    const user = userEvent.setup();
    renderStep({ edited: true, original: PAUSED, request: SENT });
    expect(screen.getByTestId('step-released').textContent).toContain('paused, edited before sending');
    const show = screen.getByTestId('step-show-edit');
    expect(show.getAttribute('aria-pressed')).toBe('false');
    await user.click(show);
    expect(show.getAttribute('aria-pressed')).toBe('true');
    const diff = screen.getByRole('region', { name: 'The edit made while paused' });
    expect(within(diff).getByRole('heading').textContent).toContain('As paused → As sent');
    expect(within(diff).getByTestId('request-diff-tools').textContent).toContain('bash off');
    expect(within(diff).getByTestId('request-diff-settings').textContent).toContain('temperature default → 0.2');
    const changed = within(diff).getByTestId('request-diff-message');
    expect(changed.getAttribute('data-kind')).toBe('changed');
    expect(changed.querySelector('del')?.textContent).toContain('two');
    expect(changed.querySelector('ins')?.textContent).toContain('three');
    await user.click(within(diff).getByTestId('request-diff-close'));
    expect(screen.queryByTestId('request-diff')).toBeNull();
    expect(show.getAttribute('aria-pressed')).toBe('false');
  });

  it('says it was edited without a diff when the trace predates the recorded edit; an unpaused step says nothing', () => {
    const { unmount } = renderStep({ edited: true });
    expect(screen.getByTestId('step-released').textContent).toContain('paused, edited before sending');
    expect(screen.queryByTestId('step-show-edit')).toBeNull();
    unmount();
    renderStep(undefined);
    expect(screen.queryByTestId('step-released')).toBeNull();
  });
});
