import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ConversationActionsProvider, type ConversationActions } from '@/components/chat/conversation-actions';
import { ShowInInspectorButton } from '@/components/chat/show-in-inspector-button';
import { useSessionPanels } from '@/components/chat/hooks/use-session-panels';
import { focusRun, useInspectorOpener } from '@/components/inspector/inspector-focus';
import { InspectorPanel } from '@/components/inspector/inspector-panel';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createStepTrace } from '@/lib/agent/trace';
import type { RunStep, RunSummary } from '@/lib/api-types';
import { json, stubApi, withSessions } from './hooks/fake-api';

const actions: ConversationActions = {
  branches: {},
  canAct: true,
  lastMessageId: undefined,
  switchTo: vi.fn(),
  regenerate: vi.fn(),
  edit: vi.fn(),
  fork: vi.fn(),
};

const run = (id: string, startedAt: number): RunSummary => ({ id, messageId: `m-${id}`, modelKey: 'openai:gpt', status: 'completed', endReason: 'completed', usage: null, startedAt, endedAt: startedAt + 1_000 });
const steps = (count: number): RunStep[] => Array.from({ length: count }, (_, n) => ({ stepNumber: n, trace: createStepTrace(n, 'model', Date.UTC(2026, 0, 1)) }));

/** A session page as far as the inspector goes: its panels, the inspector (registered as this page's), and a reply's button. */
function SessionPage({ runId }: { runId: string }) {
  const panels = useSessionPanels();
  useInspectorOpener(() => panels.set('inspector', true));
  return (
    <TooltipProvider>
      <InspectorPanel sessionId="s1" open={panels.isOpen('inspector')} onOpenChange={(open) => panels.set('inspector', open)} refreshKey={0} live={false} />
      <ConversationActionsProvider value={actions}>
        <ShowInInspectorButton runId={runId} />
      </ConversationActionsProvider>
    </TooltipProvider>
  );
}

const runElement = (id: string) => document.querySelector<HTMLElement>(`[data-testid="inspector-run"][data-run-id="${id}"]`);

describe('show in inspector (focusRun)', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('opens the inspector, unfolds the run that wrote the message, scrolls to it and puts focus on it', async () => {
    // run-a is the newest (unfolded by default); the message's run-b is older and folded.
    stubApi({
      'GET /api/sessions/s1/runs': () => json({ runs: [run('run-a', 2_000), run('run-b', 1_000)] }),
      'GET /api/runs/run-a/steps': () => json({ steps: steps(1) }),
      'GET /api/runs/run-b/steps': () => json({ steps: steps(2) }),
    });
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const user = userEvent.setup();
    render(<SessionPage runId="run-b" />, { wrapper: withSessions() });
    expect(screen.queryByTestId('inspector-panel')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show in inspector' }));
    await waitFor(() => expect(document.activeElement?.closest('[data-testid="inspector-run"]')?.getAttribute('data-run-id')).toBe('run-b'));
    expect(screen.getByTestId('inspector-panel')).toBeTruthy();
    expect(runElement('run-b')?.dataset.state).toBe('open');
    expect(document.activeElement?.getAttribute('data-testid')).toBe('inspector-run-toggle');
    expect(scrolled).toContain(runElement('run-b'));
    expect(runElement('run-a')?.dataset.state).toBe('open');

    // To a step: its card is scrolled to and focused once the run's steps are in.
    focusRun('run-b', 1);
    await waitFor(() => expect(document.activeElement?.getAttribute('data-step-number')).toBe('1'));
    expect(document.activeElement?.closest('[data-testid="inspector-run"]')?.getAttribute('data-run-id')).toBe('run-b');
    expect(scrolled.at(-1)).toBe(document.activeElement);
  });

  test('does nothing on a page without an inspector; not offered outside a live session or for a message without a run', () => {
    expect(focusRun('run-a')).toBe(false);
    const { rerender } = render(
      <TooltipProvider>
        <ShowInInspectorButton runId="run-a" />
      </TooltipProvider>,
    );
    expect(screen.queryByTestId('show-in-inspector')).toBeNull();
    rerender(
      <TooltipProvider>
        <ConversationActionsProvider value={actions}>
          <ShowInInspectorButton runId={undefined} />
        </ConversationActionsProvider>
      </TooltipProvider>,
    );
    expect(screen.queryByTestId('show-in-inspector')).toBeNull();
  });
});
