import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { CompactionDivider } from '@/components/context/compaction-divider';
import { CompactionDividers } from '@/components/context/compaction-dividers';
import { SessionContextProvider, type SessionContextValue } from '@/components/context/session-context';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { CompactionEntry } from '@/lib/api-types';
import { contextReport, renderInApp, sessionContext } from '../agent/fixtures';

function entry(overrides: Partial<CompactionEntry> = {}, record: Partial<CompactionEntry['record']> = {}): CompactionEntry {
  return {
    id: 'compaction-1',
    runId: 'run-1',
    trigger: 'auto',
    createdAt: 1_760_000_000_000,
    undoneAt: null,
    active: true,
    record: {
      summary: '## Goal\nShip the **parser** fix.',
      cutoffMessageId: 'm2',
      summarizedIds: ['m1', 'm2'],
      pruned: [{ messageId: 'm3', toolCallId: 'call-1', toolName: 'read_file', chars: 48_210 }],
      dropped: [{ messageId: 'm4', role: 'user', preview: 'an old question' }],
      afterMessageId: 'm6',
      tiers: ['prune', 'summarize'],
      model: 'openai:gpt-4.1-mini',
      focus: 'the parser',
      tokensBefore: 142_000,
      tokensAfter: 38_400,
      cost: 0.0031,
      ...record,
    },
    ...overrides,
  };
}

const describeMessage = (id: string) => `message ${id}`;

function renderDivider(value: CompactionEntry, context: SessionContextValue | null = sessionContext()) {
  return renderInApp(
    <SessionContextProvider value={context}>
      <CompactionDivider entry={value} describe={describeMessage} />
    </SessionContextProvider>,
  );
}

function divider() {
  return screen.getByRole('region', { name: 'Context compacted' });
}

test('collapsed: before → after in the title, how it was triggered, and a details toggle', () => {
  renderDivider(entry());

  const region = divider();
  expect(region.dataset.compactionId).toBe('compaction-1');
  expect(within(region).getByTestId('compaction-title').textContent).toBe('Context compacted: 142k → ≈38k tokens');
  expect(within(region).getByText('automatic')).toBeTruthy();
  expect(within(region).queryByText('Undone')).toBeNull();
  const toggle = within(region).getByRole('button', { name: 'Show the summary and what was compacted' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByTestId('compaction-summary')).toBeNull();
});

test('each trigger has its own label', () => {
  const labels: Array<[CompactionEntry['trigger'], string]> = [
    ['auto', 'automatic'],
    ['length', 'after an output-limit stop'],
    ['manual', '/compact'],
  ];
  for (const [trigger, label] of labels) {
    const { unmount } = renderDivider(entry({ trigger }));
    expect(within(divider()).getByText(label)).toBeTruthy();
    unmount();
  }
});

describe('details', () => {
  test('open to the summary (as markdown) and every summarized, pruned and dropped item', async () => {
    const user = userEvent.setup();
    renderDivider(entry());

    await user.click(screen.getByRole('button', { name: 'Show the summary and what was compacted' }));
    const toggle = screen.getByRole('button', { name: 'Hide the details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const summary = screen.getByTestId('compaction-summary');
    expect(summary.textContent).toContain('Summary the model sees instead of 2 messages (focus: the parser)');
    expect(within(summary).getByRole('heading', { name: 'Goal' })).toBeTruthy();
    expect(within(summary).getByText('parser').dataset.streamdown).toBe('strong');

    const summarized = screen.getByTestId('compaction-summarized');
    expect(summarized.textContent).toContain('Summarized messages (2)');
    expect(within(summarized).getAllByRole('button').map((b) => b.textContent)).toEqual(['message m1', 'message m2']);
    expect(within(screen.getByTestId('compaction-pruned')).getByRole('button').textContent).toBe('read_file · 48,210 characters cleared');
    expect(within(screen.getByTestId('compaction-dropped')).getByRole('button').textContent).toBe('user: an old question');
    expect(screen.getByTestId('compaction-details').textContent).toContain('Summary by openai:gpt-4.1-mini · $0.0031 · tiers: prune → summarize');

    await user.click(toggle);
    expect(screen.queryByTestId('compaction-summary')).toBeNull();
  });

  test('without a summary it says why, and empty lists are left out', async () => {
    const user = userEvent.setup();
    renderDivider(entry({}, { summary: undefined, summaryError: 'model timed out', summarizedIds: [], dropped: [], tiers: ['prune'], model: undefined, cost: undefined }));

    await user.click(screen.getByRole('button', { name: 'Show the summary and what was compacted' }));
    expect(screen.getByText('No summary: the summarizer failed (model timed out).')).toBeTruthy();
    expect(screen.queryByTestId('compaction-summarized')).toBeNull();
    expect(screen.queryByTestId('compaction-dropped')).toBeNull();
    expect(screen.getByTestId('compaction-pruned')).toBeTruthy();
    expect(screen.getByTestId('compaction-details').textContent).toContain('No model call · tiers: prune');
  });

  test('an item links to its original message in the transcript', async () => {
    const user = userEvent.setup();
    const target = document.createElement('div');
    target.dataset.messageId = 'm3';
    const scrollIntoView = vi.fn();
    target.scrollIntoView = scrollIntoView;
    document.body.appendChild(target);
    try {
      renderDivider(entry());
      await user.click(screen.getByRole('button', { name: 'Show the summary and what was compacted' }));
      await user.click(screen.getByRole('button', { name: 'read_file · 48,210 characters cleared' }));

      expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
      expect(target.dataset.highlight).toBe('true');
    } finally {
      target.remove();
    }
  });
});

describe('undo', () => {
  test('the active compaction can be undone', async () => {
    const user = userEvent.setup();
    const context = sessionContext();
    renderDivider(entry(), context);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(context.undo).toHaveBeenCalledExactlyOnceWith('compaction-1');
  });

  test('undo waits while a run is active', async () => {
    const user = userEvent.setup();
    const context = sessionContext({ running: true });
    renderDivider(entry(), context);

    const undo = screen.getByRole<HTMLButtonElement>('button', { name: 'Undo' });
    expect(undo.disabled).toBe(true);
    await user.click(undo);
    expect(context.undo).not.toHaveBeenCalled();
  });

  test('an undone compaction is marked and offers no undo', () => {
    renderDivider(entry({ active: false, undoneAt: 1_760_000_100_000 }));

    expect(divider().dataset.undone).toBe('true');
    expect(within(divider()).getByText('Undone')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  test('outside a session (no context) there is nothing to undo', () => {
    renderDivider(entry(), null);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(divider()).toBeTruthy();
  });
});

test('CompactionDividers draws the compactions made after a message, describing items from the transcript', async () => {
  const user = userEvent.setup();
  const messages: AgentUIMessage[] = [
    { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Fix the parser please' }] },
    { id: 'm6', role: 'assistant', parts: [{ type: 'text', text: 'Done.' }] },
  ];
  const here = entry({ id: 'c-here' }, { afterMessageId: 'm6', summarizedIds: ['m1', 'gone'] });
  const elsewhere = entry({ id: 'c-elsewhere' }, { afterMessageId: 'm1' });
  const context = sessionContext({ report: contextReport({ compactions: [here, elsewhere] }) });
  renderInApp(
    <SessionContextProvider value={context}>
      <CompactionDividers afterMessageId="m6" findMessage={(id) => messages.find((m) => m.id === id)} />
    </SessionContextProvider>,
  );

  // findAll: the divider is its own chunk, drawn a tick later.
  const regions = await screen.findAllByRole('region', { name: 'Context compacted' });
  expect(regions.map((region) => region.dataset.compactionId)).toEqual(['c-here']);
  await user.click(screen.getByRole('button', { name: 'Show the summary and what was compacted' }));
  const summarized = screen.getByTestId('compaction-summarized');
  expect(within(summarized).getAllByRole('button').map((b) => b.textContent)).toEqual([
    'user: Fix the parser please',
    'an earlier message (not loaded, or no longer in this transcript)',
  ]);
});
