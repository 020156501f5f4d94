import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ContextMeter } from '@/components/context/context-meter';
import { SessionContextProvider, type SessionContextValue } from '@/components/context/session-context';
import { contextReport, renderInApp, sessionContext } from '../agent/fixtures';

function renderMeter(context: SessionContextValue | null) {
  return renderInApp(
    <SessionContextProvider value={context}>
      <ContextMeter />
    </SessionContextProvider>,
  );
}

function meter() {
  return screen.getByRole('button', { name: /^Context: / });
}

describe('levels', () => {
  test('normal: the figure, the percentage and a full accessible label that starts with the text shown', () => {
    renderMeter(sessionContext());

    const button = meter();
    expect(button.getAttribute('aria-label')).toBe('Context: 96k / 200k (48%), 96000 of 200000 tokens. Show the breakdown');
    expect(button.dataset.level).toBe('ok');
    expect(button.dataset.tokens).toBe('96000');
    expect(button.textContent).toBe('96k / 200k (48%)');
    expect(button.className).toContain('text-muted-foreground');
    expect(button.className).not.toContain('text-warning-text');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  test('warn: amber from the warn threshold', () => {
    renderMeter(sessionContext({ report: contextReport({ tokens: 150_000, reportedTokens: 150_000, percent: 75, level: 'warn', untilCompaction: 20_000 }) }));

    const button = meter();
    expect(button.dataset.level).toBe('warn');
    expect(button.className).toContain('text-warning-text');
    expect(button.textContent).toBe('150k / 200k (75%)');
    expect(button.getAttribute('aria-label')).toBe('Context: 150k / 200k (75%), 150000 of 200000 tokens. Show the breakdown');
    expect(screen.getByTestId('context-meter-fill').getAttribute('class')).toContain('stroke-warning');
  });

  test('over: red past the hard limit, the ring filled no further than full', () => {
    renderMeter(sessionContext({ report: contextReport({ tokens: 230_000, reportedTokens: 230_000, percent: 115, level: 'over', untilCompaction: 0 }) }));

    const button = meter();
    expect(button.dataset.level).toBe('over');
    expect(button.className).toContain('text-destructive');
    expect(button.textContent).toBe('230k / 200k (115%)');
    expect(button.getAttribute('aria-label')).toBe('Context: 230k / 200k (115%), 230000 of 200000 tokens. Show the breakdown');
    const fill = screen.getByTestId('context-meter-fill');
    expect(fill.getAttribute('class')).toContain('stroke-destructive');
    const [filled, circumference] = (fill.getAttribute('stroke-dasharray') ?? '').split(' ').map(Number);
    expect(filled).toBeCloseTo(circumference);
  });

  test('an estimated figure is marked with ≈ in the text and the label', () => {
    renderMeter(sessionContext({ report: contextReport({ tokens: 12_345, estimated: true, reportedTokens: 10_000, percent: 6.17, untilCompaction: 157_655 }) }));

    const button = meter();
    expect(button.textContent).toBe('≈12k / 200k (6%)');
    expect(button.getAttribute('aria-label')).toBe('Context: ≈12k / 200k (6%), ≈12345 of 200000 tokens. Show the breakdown');
  });
});

test('nothing is drawn outside a session or before the first figure', () => {
  const { container, unmount } = renderMeter(null);
  expect(container.innerHTML).toBe('');
  unmount();

  const second = renderMeter(sessionContext({ report: null }));
  expect(second.container.innerHTML).toBe('');
});

describe('the breakdown popover', () => {
  test('opens with exact numbers, the breakdown and the session usage', async () => {
    const user = userEvent.setup();
    renderMeter(sessionContext());

    await user.click(meter());
    // The popover's parts load on first open (components/ui/lazy-overlay.tsx).
    const details = await screen.findByTestId('context-meter-details');
    expect(meter().getAttribute('aria-expanded')).toBe('true');
    // Its one control has the focus, as when the details were drawn with the popover.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('context-compact-now')));
    expect(details.textContent).toContain('96,000 / 200,000 tokens (48%)');
    expect(details.textContent).toContain('Window from catalog: gpt-4.1-mini.');
    expect(details.textContent).toContain('As reported by the provider.');
    expect(screen.getByRole('img', { name: 'Context breakdown' })).toBeTruthy();
    expect(screen.getByTestId('context-breakdown-system-prompt').textContent).toContain('≈ 4,000');
    expect(screen.getByTestId('context-breakdown-tool-outputs').textContent).toContain('≈ 24,000');
    expect(screen.getByTestId('context-until-compaction').textContent).toBe('74,000 tokens until auto-compaction (at 170k, down to 100k).');
    // Fresh input is the input minus what came from the cache.
    expect(details.textContent).toContain('Fresh input100,000');
    expect(screen.getByTestId('context-session-cost').textContent).toBe('Cost$0.041');
  });

  test('past the trigger it says compaction runs before the next request', async () => {
    const user = userEvent.setup();
    renderMeter(sessionContext({ report: contextReport({ tokens: 180_000, percent: 90, level: 'warn', untilCompaction: 0, cost: undefined }) }));

    await user.click(meter());
    // The breakdown is a chunk of its own, drawn once loaded.
    expect((await screen.findByTestId('context-until-compaction')).textContent).toBe('Auto-compaction runs before the next request (above 170k).');
    expect(screen.getByTestId('context-session-cost').textContent).toBe('Costunknown for this model');
  });

  test('"Compact now" compacts; it waits while a run is active', async () => {
    const user = userEvent.setup();
    const idle = sessionContext();
    const { unmount } = renderMeter(idle);

    await user.click(meter());
    await user.click(await screen.findByRole('button', { name: 'Compact now (/compact)' }));
    expect(idle.compact).toHaveBeenCalledOnce();
    unmount();

    const busy = sessionContext({ running: true });
    renderMeter(busy);
    await user.click(meter());
    const compact = await screen.findByRole<HTMLButtonElement>('button', { name: 'Compact now (/compact)' });
    expect(compact.disabled).toBe(true);
    await user.click(compact);
    expect(busy.compact).not.toHaveBeenCalled();
  });
});
