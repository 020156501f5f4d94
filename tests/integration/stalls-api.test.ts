/**
 * Stalled and malformed provider streams through the whole app: the real
 * route handlers and run manager, the real `@ai-sdk/openai` (Responses) and
 * `@ai-sdk/openai-compatible` (Chat Completions) providers, and the scripted
 * server holding a real socket open in silence or sending one unparseable
 * frame. The idle timeout comes from the session's settings, kept small here.
 */
import { describe, expect, it } from 'vitest';
import type { AgentUIMessage, AgentUIMessagePart, StepErrorNotice } from '@/lib/agent/messages';
import { params, patch, readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'stalls', routes: ['runs', 'steps'] });
const { api } = app;

const IDLE_MS = 300;
const MODELS = [
  ['Chat Completions', 'compat:scripted-chat'],
  ['Responses', 'openai:scripted-responses'],
] as const;

async function sessionWith(modelKey: string, settings: Record<string, unknown>): Promise<string> {
  const id = await app.newSession(modelKey);
  const response = await api.session.PATCH(new Request('http://app', patch({ settings })), params({ id }));
  expect(response.status).toBe(200);
  return id;
}

/** The scripted server's outcomes once every request has ended (a stall ends when the client's abort closes the socket). */
async function outcomes(): Promise<string[]> {
  for (let i = 0; i < 100 && app.scripted.requests().some((r) => r.outcome === 'pending'); i++) await new Promise((r) => setTimeout(r, 20));
  return app.scripted.requests().map((r) => r.outcome);
}

const fastRetries = { modelIdleTimeoutMs: IDLE_MS, retryBaseDelayMs: 10, retryMaxDelayMs: 20 };
const rows = (message: AgentUIMessage): StepErrorNotice[] => message.parts.flatMap((p) => (p.type === 'data-step-error' ? [p.data] : []));
const answer = (message: AgentUIMessage) =>
  message.parts
    .filter((p): p is Extract<AgentUIMessagePart, { type: 'text' }> => p.type === 'text')
    .map((p) => p.text)
    .join('');

describe.each(MODELS)('a stalled provider (%s)', (_api, modelKey) => {
  it('abandons a connection that went silent mid-answer after the idle timeout, retries, and keeps the partial out of the answer', async () => {
    const id = await sessionWith(modelKey, fastRetries);
    app.scripted.reset();
    const started = Date.now();
    const chunks = await readChunks(await app.chat(id, 'Stall [[scenario:stall?after=4&times=1&recovered=All%20good%20now.]]'));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(IDLE_MS);
    expect(elapsed).toBeLessThan(IDLE_MS + 5_000);
    expect(chunks.map((c) => c.type)).toContain('reset-step');
    // The silent request was really cut off by the client, not by the server.
    expect(await outcomes()).toEqual(['stalled', 'completed']);

    const [, assistant] = await app.sessionMessages(id);
    expect(assistant.metadata?.runEnd?.reason).toBe('completed');
    expect(answer(assistant)).toBe('All good now.');
    expect(rows(assistant)).toEqual([
      expect.objectContaining({ attempt: 1, cause: 'stalled', outcome: 'retrying', discardedText: '## Scripted answer\n\nYou ' }),
    ]);
    expect(rows(assistant)[0].summary).toMatch(/^the model stopped sending data for 0\.3 s after \d+ tokens$/);

    // The next turn's request carries the answer, never the withdrawn partial.
    app.scripted.reset();
    await readChunks(await app.chat(id, 'And now?'));
    const sent = JSON.stringify(app.scripted.requests()[0].body);
    expect(sent).toContain('All good now.');
    expect(sent).not.toContain('Scripted answer');
  });

  it('gives up with a clear message when the provider never sends a byte after the headers', async () => {
    const id = await sessionWith(modelKey, { ...fastRetries, maxRetries: 1 });
    app.scripted.reset();
    await readChunks(await app.chat(id, 'Silence [[scenario:stall?after=0]]'));
    expect(await outcomes()).toEqual(['stalled', 'stalled']);
    const [, assistant] = await app.sessionMessages(id);
    expect(assistant.metadata?.runEnd).toMatchObject({ reason: 'error', message: 'The model stopped sending data for 0.3 s (gave up after 1 retry)' });
    expect(rows(assistant).map((r) => [r.attempt, r.outcome, r.summary])).toEqual([
      [1, 'retrying', 'the model stopped sending data for 0.3 s'],
      [2, 'failed', 'the model stopped sending data for 0.3 s'],
    ]);
    expect(answer(assistant)).toBe('');
  });
});

describe.each(MODELS)('a malformed frame (%s)', (_api, modelKey) => {
  it('retries a stream with one unparseable frame; the raw text is in the step trace only', async () => {
    const id = await sessionWith(modelKey, fastRetries);
    app.scripted.reset();
    await readChunks(await app.chat(id, 'Garble [[scenario:malformed?after=3&times=1&recovered=Clean%20answer.]]'));
    expect(await outcomes()).toEqual(['malformed-frame', 'completed']);

    const [, assistant] = await app.sessionMessages(id);
    expect(assistant.metadata?.runEnd?.reason).toBe('completed');
    expect(answer(assistant)).toBe('Clean answer.');
    expect(rows(assistant)).toEqual([
      expect.objectContaining({ attempt: 1, cause: 'malformed', message: 'The provider sent a malformed stream event', outcome: 'retrying' }),
    ]);
    expect(rows(assistant)[0].discardedText).toMatch(/^## Scripted answer/);
    const stored = JSON.stringify(assistant);
    expect(stored).not.toContain('JSON parsing failed');
    expect(stored).not.toContain('"delta":"oo');

    const runs = (await (await api.runs.GET(new Request('http://app'), params({ id }))).json()).runs;
    const { steps } = await (await api.steps.GET(new Request('http://app'), params({ runId: runs[0].id }))).json();
    expect(steps[0].trace.retries[0]).toMatchObject({ cause: 'malformed', detail: expect.stringContaining('JSON parsing failed') });
  });
});

describe.each(MODELS)('a dropped connection (%s)', (_api, modelKey) => {
  it('retries after the socket is torn down mid-answer; each partial answer is withdrawn into its own row', async () => {
    const id = await sessionWith(modelKey, { ...fastRetries, maxRetries: 2 });
    app.scripted.reset();
    await readChunks(await app.chat(id, 'Drop [[scenario:drop?after=4&dropDelayMs=20]]'));
    expect(await outcomes()).toEqual(['dropped', 'dropped', 'dropped']);
    const [, assistant] = await app.sessionMessages(id);
    expect(assistant.metadata?.runEnd?.reason).toBe('error');
    expect(assistant.metadata?.runEnd?.message).toMatch(/^Network error .*\(gave up after 2 retries\)$/);
    // Three attempts streamed the same words; the message shows them in no answer, only once per row.
    expect(answer(assistant)).toBe('');
    expect(rows(assistant).map((r) => [r.attempt, r.outcome, r.discardedText])).toEqual([
      [1, 'retrying', '## Scripted answer\n\nYou '],
      [2, 'retrying', '## Scripted answer\n\nYou '],
      [3, 'failed', '## Scripted answer\n\nYou '],
    ]);
    for (const row of rows(assistant)) expect(row.summary).toMatch(/^connection dropped after \d+ tokens$/);
  });
});
