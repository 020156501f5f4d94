import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { AssistantPart } from '@/components/chat/assistant-part';
import type { AgentUIMessagePart } from '@/lib/agent/messages';
import { renderInApp } from '../agent/fixtures';

/** A global the link would set if it ever ran. */
type Flags = { pwnedFlag?: unknown };

function renderText(text: string) {
  const part: AgentUIMessagePart = { type: 'text', text, state: 'done' };
  return renderInApp(<AssistantPart part={part} messageId="msg-1" index={0} messageStreaming={false} isNewest />);
}

afterEach(() => {
  delete (window as Flags).pwnedFlag;
});

describe('a link the sanitizer refuses', () => {
  test.each([
    ['javascript:', '[click me](javascript:window.pwnedFlag=5)', 'javascript:window.pwnedFlag=5'],
    ['upper-case JAVASCRIPT:', '[click me](JAVASCRIPT:window.pwnedFlag=6)', 'JAVASCRIPT:window.pwnedFlag=6'],
    ['data:', '[click me](data:text/html;base64,PHNjcmlwdD4=)', 'data:text/html;base64,PHNjcmlwdD4='],
    ['vbscript:', '[click me](vbscript:msgbox)', 'vbscript:msgbox'],
    ['an escaped tab inside the scheme', '[click me](jav&#x09;ascript:window.pwnedFlag=7)', 'jav%09ascript:window.pwnedFlag=7'],
    ['a bidi override in the URL (percent-encoded by the markdown parser)', '[click me](evil\u202Ecod:x)', 'evil%E2%80%AEcod:x'],
  ])('%s: inert text whose tooltip shows the blocked URL', async (_name, markdown, shown) => {
    const { container } = renderText(markdown);

    expect(container.querySelector('a')).toBeNull();
    expect(screen.queryByRole('button', { name: /click me/ })).toBeNull();
    const blocked = screen.getByTitle(`Blocked URL: ${shown}`);
    expect(blocked.tagName).toBe('SPAN');
    expect(blocked.textContent).toBe('click me [blocked]');
    expect(blocked.title).not.toContain('undefined');

    await userEvent.setup().click(blocked);
    expect((window as Flags).pwnedFlag).toBeUndefined();
  });

  test('an ordinary link is not touched', () => {
    const { container } = renderText('[the docs](https://example.com/docs) and <https://example.org>');
    expect(container.textContent).not.toContain('[blocked]');
    expect(screen.queryByTitle(/Blocked URL/)).toBeNull();
    expect(screen.getByRole('button', { name: 'the docs' })).toBeTruthy();
  });
});
