import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ConversationActionsProvider, type ConversationActions } from '@/components/chat/conversation-actions';
import { ShowInInspectorButton } from '@/components/chat/show-in-inspector-button';
import { TooltipProvider } from '@/components/ui/tooltip';

const actions: ConversationActions = {
  branches: {},
  canAct: true,
  lastMessageId: undefined,
  switchTo: vi.fn(),
  regenerate: vi.fn(),
  edit: vi.fn(),
  fork: vi.fn(),
};

/** The header's inspector button and, once pressed, an inspector listing two runs, both folded. */
function FakeSessionPage({ runId }: { runId: string }) {
  const [open, setOpen] = useState(false);
  const [unfolded, setUnfolded] = useState<string[]>([]);
  return (
    <TooltipProvider>
      <button type="button" data-testid="inspector-toggle" aria-pressed={open} onClick={() => setOpen((o) => !o)}>
        Inspector
      </button>
      {open && (
        <div data-testid="inspector-panel">
          {['run-a', 'run-b'].map((id) => (
            <div key={id} data-testid="inspector-run" data-run-id={id} data-state={unfolded.includes(id) ? 'open' : 'closed'}>
              <button type="button" data-testid="inspector-run-toggle" onClick={() => setUnfolded((list) => [...list, id])}>
                {id}
              </button>
            </div>
          ))}
        </div>
      )}
      <ConversationActionsProvider value={actions}>
        <ShowInInspectorButton runId={runId} />
      </ConversationActionsProvider>
    </TooltipProvider>
  );
}

describe('show in inspector', () => {
  test('opens the inspector, unfolds the run that wrote the message and puts focus on it', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const user = userEvent.setup();
    render(<FakeSessionPage runId="run-b" />);
    await user.click(screen.getByRole('button', { name: 'Show in inspector' }));
    const run = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('[data-run-id="run-b"]');
      expect(element?.dataset.state).toBe('open');
      return element!;
    });
    expect(document.activeElement?.textContent).toBe('run-b');
    expect(run.scrollIntoView).toHaveBeenCalled();
    expect(document.querySelector<HTMLElement>('[data-run-id="run-a"]')?.dataset.state).toBe('closed');
  });

  test('is not offered outside a live session, or for a message without a run', () => {
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
