import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';

function Disclosure({ initiallyOpen = false, asChild = false }: { initiallyOpen?: boolean; asChild?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Collapsible open={open} onOpenChange={setOpen} data-testid="root">
      {asChild ? (
        <CollapsibleTrigger asChild>
          <a href="#details">Details</a>
        </CollapsibleTrigger>
      ) : (
        <CollapsibleTrigger>Details</CollapsibleTrigger>
      )}
      <CollapsibleContent data-testid="content">
        <p>The hidden part</p>
      </CollapsibleContent>
    </Collapsible>
  );
}

const styles: HTMLStyleElement[] = [];
afterEach(() => {
  for (const style of styles.splice(0)) style.remove();
});
/** The stylesheet's closing animation (app/globals.css), as far as jsdom's computed style goes. */
function withClosingAnimation() {
  const style = document.createElement('style');
  style.textContent = "[data-slot='collapsible-content'][data-state='closed'] { animation-name: collapsible-up; }";
  document.head.append(style);
  styles.push(style);
}

describe('Collapsible (a disclosure without Radix)', () => {
  test('the trigger shows and hides the content, and says so to assistive technology', () => {
    render(<Disclosure />);
    const trigger = screen.getByRole('button', { name: 'Details' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.getAttribute('type')).toBe('button');
    expect(screen.queryByTestId('content')).toBeNull();
    expect(screen.getByTestId('root').getAttribute('data-state')).toBe('closed');

    fireEvent.click(trigger);
    const content = screen.getByTestId('content');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(content.id);
    expect(content.getAttribute('data-state')).toBe('open');
    expect(screen.getByTestId('root').getAttribute('data-state')).toBe('open');
    expect(content.textContent).toBe('The hidden part');

    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('content')).toBeNull();
  });

  test('content open when first drawn is there at once, without an opening animation', () => {
    render(<Disclosure initiallyOpen />);
    const content = screen.getByTestId('content');
    expect(content.style.animationName).toBe('none');
    expect(content.style.getPropertyValue('--collapsible-content-height')).toMatch(/^\d+(\.\d+)?px$/);
  });

  test('closed content stays until its closing animation ends; opening again keeps it', () => {
    withClosingAnimation();
    render(<Disclosure initiallyOpen />);
    const trigger = screen.getByRole('button', { name: 'Details' });
    fireEvent.click(trigger);
    const closing = screen.getByTestId('content');
    expect(closing.getAttribute('data-state')).toBe('closed');
    expect(closing.style.animationName).toBe('');

    // An animation of something inside does not end the content's.
    fireEvent.animationEnd(screen.getByText('The hidden part'));
    expect(screen.queryByTestId('content')).not.toBeNull();
    fireEvent.animationEnd(closing);
    expect(screen.queryByTestId('content')).toBeNull();

    fireEvent.click(trigger);
    fireEvent.click(trigger);
    expect(screen.getByTestId('content').getAttribute('data-state')).toBe('closed');
    fireEvent.click(trigger);
    expect(screen.getByTestId('content').getAttribute('data-state')).toBe('open');
  });

  test('asChild puts the behaviour on the given element', () => {
    render(<Disclosure asChild />);
    const link = screen.getByText('Details');
    expect(link.tagName).toBe('A');
    fireEvent.click(link);
    expect(link.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('content')).toBeTruthy();
  });
});
