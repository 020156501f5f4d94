import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger, WithTooltip } from '@/components/ui/tooltip';

afterEach(() => vi.useRealTimers());

function Toolbar({ delayDuration = 300, onEscape }: { delayDuration?: number; onEscape?: (event: KeyboardEvent) => void }) {
  return (
    <TooltipProvider delayDuration={delayDuration}>
      <div onKeyDown={(event) => onEscape?.(event.nativeEvent)}>
        <WithTooltip label="Copy the answer">
          <button type="button">Copy</button>
        </WithTooltip>
        <Tooltip>
          <TooltipTrigger asChild>
            <button type="button" onClick={() => undefined}>
              Fork
            </button>
          </TooltipTrigger>
          <TooltipContent side="bottom">
            <p>Fork from here</p>
          </TooltipContent>
        </Tooltip>
      </div>
    </TooltipProvider>
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const hover = (element: Element, pointerType = 'mouse') => fireEvent.pointerMove(element, { pointerType });

describe('tooltips (the bubble loads on first use)', () => {
  test('hovering opens the tooltip after the delay; it describes its trigger; leaving closes it', async () => {
    vi.useFakeTimers();
    render(<Toolbar />);
    const copy = button('Copy');
    hover(copy);
    act(() => vi.advanceTimersByTime(299));
    expect(copy.getAttribute('aria-describedby')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    const tooltip = await screen.findByRole('tooltip');
    expect((tooltip).textContent).toBe('Copy the answer');
    expect(copy.getAttribute('aria-describedby')).toBe(tooltip.id);
    fireEvent.pointerLeave(copy);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(copy.getAttribute('aria-describedby')).toBeNull();
  });

  test('keyboard focus opens it at once and keeps the focus on the same element; blur closes it', async () => {
    render(<Toolbar />);
    const copy = button('Copy');
    act(() => copy.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Copy the answer');
    expect(document.activeElement).toBe(copy);
    expect(button('Copy')).toBe(copy);
    act(() => copy.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  test('Escape closes it and goes no further: what lies under it (a dialog) sees the key handled', async () => {
    const underneath = vi.fn();
    render(<Toolbar onEscape={(event) => underneath(event.defaultPrevented)} />);
    act(() => button('Fork').focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Fork from here');
    fireEvent.keyDown(button('Fork'), { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(underneath).toHaveBeenCalledWith(true);
    // Closed, Escape is the page's again.
    fireEvent.keyDown(button('Fork'), { key: 'Escape' });
    expect(underneath).toHaveBeenLastCalledWith(false);
  });

  test('one at a time, and the next opens without the delay right after another closed', async () => {
    vi.useFakeTimers();
    render(<Toolbar />);
    act(() => button('Copy').focus());
    act(() => button('Fork').focus());
    vi.useRealTimers();
    const tooltips = await screen.findAllByRole('tooltip');
    expect(tooltips.map((t) => t.textContent)).toEqual(['Fork from here']);
    fireEvent.pointerLeave(button('Fork'));
    // Within 300 ms of one closing, hovering the next opens it at once.
    hover(button('Copy'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Copy the answer');
  });

  test('a touch opens nothing, nor does the focus a press gives; a press closes an open one', async () => {
    render(<Toolbar delayDuration={0} />);
    const copy = button('Copy');
    hover(copy, 'touch');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerDown(copy);
    act(() => copy.focus());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerUp(document);
    act(() => copy.blur());
    act(() => copy.focus());
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    fireEvent.pointerDown(copy);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  test("the caller's own handlers still run", () => {
    const onFocus = vi.fn();
    render(
      <TooltipProvider>
        <WithTooltip label="Label">
          <button type="button" onFocus={onFocus}>
            Target
          </button>
        </WithTooltip>
      </TooltipProvider>,
    );
    act(() => button('Target').focus());
    expect(onFocus).toHaveBeenCalledTimes(1);
  });

  test('a tooltip renders its control once as it mounts (a long session has five per message)', () => {
    let renders = 0;
    const Control = (props: React.ComponentProps<'button'>) => {
      renders++;
      return <button type="button" {...props} />;
    };
    render(
      <TooltipProvider>
        <WithTooltip label="Label">
          <Control>Target</Control>
        </WithTooltip>
      </TooltipProvider>,
    );
    expect(renders).toBe(1);
  });
});
