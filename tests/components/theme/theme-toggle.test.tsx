import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'next-themes';
import { afterEach, describe, expect, test } from 'vitest';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { TooltipProvider } from '@/components/ui/tooltip';

afterEach(() => localStorage.clear());

function renderToggle() {
  render(
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem>
      <TooltipProvider>
        <ThemeToggle />
      </TooltipProvider>
    </ThemeProvider>,
  );
  return screen.getByRole('radiogroup', { name: 'Color theme' });
}

const radio = (name: string) => screen.getByRole('radio', { name });
const checked = () => screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true').map((r) => r.getAttribute('aria-label'));
const tabStops = () => screen.getAllByRole('radio').filter((r) => r.tabIndex === 0).map((r) => r.getAttribute('aria-label'));

describe('the theme toggle (a radio group)', () => {
  test('one theme checked and one tab stop, on it; a click chooses another', () => {
    renderToggle();
    expect(checked()).toEqual(['Follow the system theme']);
    expect(tabStops()).toEqual(['Follow the system theme']);
    fireEvent.click(radio('Dark theme'));
    expect(checked()).toEqual(['Dark theme']);
    expect(tabStops()).toEqual(['Dark theme']);
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  test('arrow keys move to the next or previous theme, round the ends, and choose it; Home and End too', () => {
    const group = renderToggle();
    act(() => radio('Follow the system theme').focus());
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(checked()).toEqual(['Light theme']);
    expect(document.activeElement).toBe(radio('Light theme'));
    fireEvent.keyDown(group, { key: 'ArrowDown' });
    expect(checked()).toEqual(['Dark theme']);
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    fireEvent.keyDown(group, { key: 'ArrowUp' });
    expect(checked()).toEqual(['Follow the system theme']);
    fireEvent.keyDown(group, { key: 'Home' });
    expect(checked()).toEqual(['Light theme']);
    fireEvent.keyDown(group, { key: 'End' });
    expect(checked()).toEqual(['Follow the system theme']);
    expect(document.activeElement).toBe(radio('Follow the system theme'));
  });
});
