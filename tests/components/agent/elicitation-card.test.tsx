import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElicitationCard } from '@/components/agent/elicitation-card';
import { SamplingCard } from '@/components/agent/sampling-card';
import { SessionContextProvider } from '@/components/context/session-context';
import type { ElicitationNotice, SamplingNotice } from '@/lib/agent/messages';
import { renderInApp, sessionContext } from './fixtures';

const FORM: ElicitationNotice = {
  elicitationId: 'elicit-1',
  toolCallId: 'call-1',
  server: 'deploy',
  message: 'Where to? <b>not bold</b> https://example.com',
  requestedSchema: {
    type: 'object',
    properties: {
      environment: { type: 'string', title: 'Environment', enum: ['staging', 'production'] },
      replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 10 },
    },
    required: ['environment'],
  },
  status: 'pending',
};

function inSession(ui: React.ReactElement) {
  return renderInApp(<SessionContextProvider value={sessionContext()}>{ui}</SessionContextProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe('elicitation card', () => {
  it('checks the form before sending, then posts only the checked content', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 'accepted' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    inSession(<ElicitationCard notice={FORM} live />);

    // The server's words are text: no markup, no link.
    expect(screen.getByTestId('elicitation-message').textContent).toBe('Where to? <b>not bold</b> https://example.com');
    expect(screen.getByTestId('elicitation-card').querySelector('b, a')).toBeNull();

    await user.type(screen.getByTestId('elicitation-field-replicas'), '0');
    await user.click(screen.getByTestId('elicitation-accept'));
    expect(screen.getByTestId('elicitation-error-environment').textContent).toBe('Environment is required.');
    expect(screen.getByTestId('elicitation-error-replicas').textContent).toBe('Replicas must be at least 1.');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByTestId('elicitation-field-environment'), 'production');
    await user.clear(screen.getByTestId('elicitation-field-replicas'));
    await user.click(screen.getByTestId('elicitation-accept'));
    expect(fetchMock).toHaveBeenCalledWith('/api/sessions/session-1/elicitations/elicit-1', expect.objectContaining({ method: 'POST', body: JSON.stringify({ action: 'accept', content: { environment: 'production' } }) }));
    expect(screen.getByTestId('elicitation-card').dataset.status).toBe('accepted');
  });

  it('reads "Cancelled" once the run is over without an answer, and offers nothing to answer', () => {
    inSession(<ElicitationCard notice={FORM} live={false} />);
    expect(screen.getByTestId('elicitation-card').dataset.status).toBe('cancelled');
    expect(screen.getByTestId('elicitation-note').textContent).toBe('The run ended before an answer.');
    expect(screen.queryByTestId('elicitation-accept')).toBeNull();
  });
});

describe('sampling card', () => {
  const REQUEST: SamplingNotice = {
    samplingId: 'elicit-2',
    server: 'deploy',
    status: 'pending',
    request: { systemPrompt: 'Be brief.', messages: [{ role: 'user', text: 'Summarize this' }], maxTokens: 100 },
  };

  it('Allow and Deny answer the request', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 'declined' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    inSession(<SamplingCard notice={REQUEST} live />);
    expect(screen.getByTestId('sampling-request').textContent).toBe('System promptBe brief.UserSummarize thisAt most 100 tokens');
    await user.click(screen.getByTestId('sampling-deny'));
    expect(fetchMock).toHaveBeenCalledWith('/api/sessions/session-1/elicitations/elicit-2', expect.objectContaining({ body: JSON.stringify({ action: 'decline' }) }));
    expect(screen.getByTestId('sampling-card').dataset.status).toBe('denied');
  });

  it('shows the answer and its tokens, nested under the call', () => {
    inSession(<SamplingCard notice={{ ...REQUEST, status: 'completed', response: { text: 'A summary.', model: 'openai:gpt', inputTokens: 1200, outputTokens: 8 } }} live={false} />);
    expect(screen.getByTestId('sampling-response').textContent).toBe('Answer from openai:gpt · 1,200 in, 8 outA summary.');
    expect(screen.queryByTestId('sampling-allow')).toBeNull();
  });
});
