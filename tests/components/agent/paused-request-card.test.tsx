import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PausedRequestCard } from '@/components/agent/paused-request-card';
import { SessionContextProvider } from '@/components/context/session-context';
import type { ModelPauseNotice } from '@/lib/agent/messages';
import type { PausedRequestView } from '@/lib/api/paused-request';
import { renderInApp, sessionContext } from './fixtures';

const NOTICE: ModelPauseNotice = { stepNumber: 1, modelCall: 2, state: 'paused', messageCount: 2, toolCount: 2 };

const VIEW: PausedRequestView = {
  runId: 'run-1',
  stepNumber: 1,
  modelCall: 2,
  modelKey: 'openai:gpt-4.1-mini',
  pausedAt: 1,
  request: {
    instructions: 'You are a coding agent.',
    messages: [
      { role: 'user', content: 'Add 2 and 3' },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'calculator', input: { expression: '2+3' } }] },
    ],
    tools: [
      { name: 'calculator', enabled: true },
      { name: 'fetch_url', enabled: true },
    ],
    settings: {},
  },
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function inSession(ui: React.ReactElement) {
  return renderInApp(<SessionContextProvider value={sessionContext()}>{ui}</SessionContextProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe('paused-request card', () => {
  it('shows the request it waits with, and Continue sends nothing but the call to continue', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => (init?.method === 'POST' ? json({ runId: 'run-2' }, 202) : json(VIEW)));
    vi.stubGlobal('fetch', fetchMock);
    const started = vi.fn();
    window.addEventListener('agent-playground:run-started', started);
    const user = userEvent.setup();
    inSession(<PausedRequestCard notice={NOTICE} streaming={false} />);

    const card = screen.getByTestId('paused-request-card');
    expect(card.getAttribute('aria-label')).toBe('Paused before model call 2');
    expect((await screen.findByTestId('paused-request-last')).textContent).toBe('Last message (assistant): [call calculator]');
    expect(screen.getByTestId('paused-request-summary').textContent).toContain('calculator, fetch_url');
    expect(fetchMock).toHaveBeenCalledWith('/api/sessions/session-1/paused-request', expect.objectContaining({ cache: 'no-store' }));

    await user.click(screen.getByTestId('paused-continue'));
    expect(fetchMock).toHaveBeenLastCalledWith('/api/sessions/session-1/paused-request', expect.objectContaining({ method: 'POST', body: JSON.stringify({ runId: 'run-1', stepNumber: 1 }) }));
    expect(started).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('paused-request-record').textContent).toBe('Model call 2 was paused, then sent.');
    window.removeEventListener('agent-playground:run-started', started);
  });

  it('sends the edited request; a message whose JSON does not parse blocks sending', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'POST' ? json({ runId: 'run-2' }, 202) : json(VIEW)));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    inSession(<PausedRequestCard notice={NOTICE} streaming={false} />);

    await user.click(await screen.findByTestId('paused-edit'));
    const inputs = screen.getAllByTestId('request-editor-message-input');
    await user.clear(inputs[0]);
    await user.paste('Add 4 and 5');
    await user.click(screen.getAllByTestId('request-editor-tool')[1]);
    // Broken JSON in the assistant message: nothing can be sent until it parses.
    await user.clear(inputs[1]);
    await user.paste('[{{');
    expect(screen.getByTestId('paused-continue')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('paused-edit-problem').textContent).toMatch(/^Message 2: invalid JSON/);
    await user.clear(inputs[1]);
    await user.paste('"Thinking it over"');

    await user.click(screen.getByTestId('paused-continue'));
    const body = JSON.parse(String((fetchMock.mock.calls.at(-1)![1] as RequestInit).body));
    expect(body).toEqual({
      runId: 'run-1',
      stepNumber: 1,
      request: {
        ...VIEW.request,
        messages: [
          { role: 'user', content: 'Add 4 and 5' },
          { role: 'assistant', content: 'Thinking it over' },
        ],
        tools: [
          { name: 'calculator', enabled: true },
          { name: 'fetch_url', enabled: false },
        ],
      },
    });
  });

  it('Stop asks the server to stop the session; a pause the server no longer has is said to be over', async () => {
    const fetchMock = vi.fn(async (url: string) => (url.endsWith('/stop') ? json({ stopped: true }) : json(VIEW)));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { unmount } = inSession(<PausedRequestCard notice={NOTICE} streaming={false} />);
    await user.click(await screen.findByTestId('paused-stop'));
    expect(fetchMock).toHaveBeenLastCalledWith('/api/sessions/session-1/stop', expect.objectContaining({ method: 'POST' }));
    expect(screen.getByTestId('paused-request-record').textContent).toBe('Stopped before model call 2.');
    unmount();

    vi.stubGlobal('fetch', vi.fn(async () => json({ error: { code: 'not_found', message: 'Nothing in this session waits before a model call.' } }, 404)));
    inSession(<PausedRequestCard notice={NOTICE} streaming={false} />);
    expect((await screen.findByText(/Not waiting any more/)).textContent).toContain('the conversation moved on');
    expect(screen.queryByTestId('paused-continue')).toBeNull();
  });

  it('waits for the stream to end before it asks, and draws a record once the call went on', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    inSession(<PausedRequestCard notice={NOTICE} streaming />);
    expect(fetchMock).not.toHaveBeenCalled();
    inSession(<PausedRequestCard notice={{ ...NOTICE, state: 'continued' }} streaming={false} />);
    expect(screen.getByTestId('paused-request-record').textContent).toBe('Model call 2 was paused, then sent as it was.');
  });
});
