import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { TranscriptFind } from '@/components/chat/transcript-find';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { json, stubApi } from './hooks/fake-api';

afterEach(() => vi.unstubAllGlobals());

const message = (id: string, role: 'user' | 'assistant', text: string): AgentUIMessage => ({ id, role, parts: [{ type: 'text', text }] });

function Subject(props: { messages: AgentUIMessage[]; hasEarlier?: boolean; loadBackTo?: (id: string) => Promise<boolean> }) {
  return (
    <div>
      <textarea data-testid="composer-input" />
      {props.messages.map((m) => (
        <p key={m.id} data-message-id={m.id}>
          {m.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')}
        </p>
      ))}
      <TranscriptFind
        sessionId="s1"
        messages={props.messages}
        hasEarlier={props.hasEarlier ?? false}
        loadingEarlier={false}
        loadBackTo={props.loadBackTo ?? (async () => true)}
        releaseBottom={() => {}}
      />
    </div>
  );
}

const loaded = [message('m1', 'user', 'Where is the pelican?'), message('m2', 'assistant', 'The pelican is here.'), message('m3', 'user', 'Thanks')];

test('Ctrl+F opens the find bar; the newest match first, Enter goes to older ones and wraps, Escape gives focus back', async () => {
  const user = userEvent.setup();
  render(<Subject messages={loaded} />);
  const composer = screen.getByTestId('composer-input');
  composer.focus();
  await user.keyboard('{Control>}f{/Control}');
  // The bar is a chunk of its own: it comes once loaded, focused.
  const input = (await screen.findByRole('textbox', { name: 'Find in conversation' })) as HTMLInputElement;
  expect(document.activeElement).toBe(input);
  await user.type(input, 'PELICAN');
  await waitFor(() => expect(screen.getByTestId('transcript-find-count').textContent).toBe('1 of 2'));
  await waitFor(() => expect((document.querySelector('[data-message-id="m2"]') as HTMLElement | null)?.dataset.findCurrent).toBe('true'));
  await user.keyboard('{Enter}');
  await waitFor(() => expect((document.querySelector('[data-message-id="m1"]') as HTMLElement | null)?.dataset.findCurrent).toBe('true'));
  expect(screen.getByTestId('transcript-find-count').textContent).toBe('2 of 2');
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByTestId('transcript-find-count').textContent).toBe('1 of 2'));
  await user.keyboard('{Shift>}{Enter}{/Shift}');
  await waitFor(() => expect(screen.getByTestId('transcript-find-count').textContent).toBe('2 of 2'));
  // Ctrl+F again with the focus elsewhere selects the query again; in the bar it is the browser's own find.
  composer.focus();
  await user.keyboard('{Control>}f{/Control}');
  await waitFor(() => expect(document.activeElement).toBe(input));
  expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'PELICAN'.length]);
  await user.keyboard('{Escape}');
  expect(screen.queryByTestId('transcript-find')).toBeNull();
  expect(document.activeElement).toBe(composer);
  expect(document.querySelector('[data-find-current]')).toBeNull();
});

test('in a long session it asks the server too, and a match not loaded loads the transcript back to it', async () => {
  const { calls } = stubApi({ 'GET /api/sessions/s1/search': () => json({ hits: [{ messageId: 'old', role: 'user', excerpt: 'the pelican of old' }, { messageId: 'm2', role: 'assistant', excerpt: '…' }] }) });
  const loadBackTo = vi.fn(async () => true);
  const user = userEvent.setup();
  const { rerender } = render(<Subject messages={loaded} hasEarlier loadBackTo={loadBackTo} />);
  await user.keyboard('{Control>}f{/Control}');
  await user.type(await screen.findByRole('textbox', { name: 'Find in conversation' }), 'pelican');
  await waitFor(() => expect(screen.getByTestId('transcript-find-count').textContent).toBe('1 of 3'));
  expect(calls.at(-1)?.url).toBe('/api/sessions/s1/search?q=pelican');
  await user.keyboard('{Enter}{Enter}');
  await waitFor(() => expect(loadBackTo).toHaveBeenCalledWith('old'));
  // Loaded: the match is shown like any other.
  act(() => rerender(<Subject messages={[message('old', 'user', 'the pelican of old'), ...loaded]} hasEarlier={false} loadBackTo={loadBackTo} />));
  await waitFor(() => expect((document.querySelector('[data-message-id="old"]') as HTMLElement | null)?.dataset.findCurrent).toBe('true'));
  expect(screen.getByTestId('transcript-find-count').textContent).toBe('3 of 3');
});
