/**
 * Step mode ("pause before each model call") through the real routes, the real loop and the
 * scripted model server: the run stops before each call with its exact request, Continue
 * sends it (as edited, if it was) and the server received exactly that; Stop while paused
 * ends the message cleanly; the pause lives in the database, so any tab or instance can
 * continue it, once.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import type { EditableRequest } from '@/lib/agent/editable-request';
import type { PausedRequestView } from '@/lib/api/paused-request';
import { params, patch, post, readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'pause-mode', routes: ['pausedRequest', 'stop', 'stream', 'runs', 'steps'] });
const { api } = app;

const CALC = `Add them [[scenario:tool?tool=calculator&args=${encodeURIComponent(JSON.stringify({ expression: '2+3' }))}]]`;

async function stepModeSession(settings: Record<string, unknown> = {}): Promise<string> {
  const id = await app.newSession();
  const response = await api.session.PATCH(new Request('http://app', patch({ settings: { pauseBeforeModelCall: true, ...settings } })), params({ id }));
  expect(response.status).toBe(200);
  return id;
}

async function say(id: string, text: string): Promise<AgentUIMessageChunk[]> {
  const response = await app.chat(id, text);
  expect(response.status).toBe(200);
  return readChunks(response);
}

async function paused(id: string): Promise<Response> {
  return api.pausedRequest.GET(new Request(`http://app/api/sessions/${id}/paused-request`), params({ id }));
}

/** The paused call; waited for, since a run that paused writes its row's end a moment after its stream's last chunk. */
async function pausedView(id: string): Promise<PausedRequestView> {
  let view: PausedRequestView | undefined;
  await expect.poll(async () => {
    const response = await paused(id);
    if (response.status === 200) view = await response.json();
    return response.status;
  }).toBe(200);
  return view!;
}

function continuePaused(id: string, body: unknown): Promise<Response> {
  return api.pausedRequest.POST(new Request(`http://app/api/sessions/${id}/paused-request`, post(body)), params({ id }));
}

/** Follows the continued run from its log (the reattach route, as a tab does) to its end; a 204 says it has ended already. */
async function follow(id: string): Promise<void> {
  const response = await api.stream.GET(new Request(`http://app/api/chat/${id}/stream`), params({ id }));
  expect([200, 204]).toContain(response.status);
  await response.text();
}

const pauseParts = (message: AgentUIMessage | undefined) => message?.parts.filter((part) => part.type === 'data-model-pause').map((part) => part.data) ?? [];

describe('step mode through the routes', () => {
  it('pauses before each call; an edited request is what the provider receives, once; the next call is built from the real history', async () => {
    const id = await stepModeSession({ temperature: 0.3 });
    app.scripted.reset();
    const chunks = await say(id, CALC);
    expect(app.scripted.requests()).toEqual([]);
    expect(chunks.at(-1)).toEqual({ type: 'finish' });
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'data-run-end', data: expect.objectContaining({ reason: 'paused' }) }));

    const first = await pausedView(id);
    expect(first).toMatchObject({ stepNumber: 0, modelCall: 1, modelKey: 'compat:scripted-chat' });
    expect(first.request.messages).toEqual([{ role: 'user', content: CALC }]);
    expect(first.request.tools.map((tool) => tool.name)).toContain('calculator');
    expect(first.request.settings).toEqual({ temperature: 0.3 });

    // Edited: other instructions, the user's words changed (the scenario marker kept), every tool but the calculator off.
    const edited: EditableRequest = {
      ...first.request,
      instructions: 'Edited instructions: be brief.',
      messages: [{ role: 'user', content: `Please add 2 and 3. ${CALC}` }],
      tools: first.request.tools.map((tool) => ({ ...tool, enabled: tool.name === 'calculator' })),
      settings: { temperature: 0.9, maxOutputTokens: 321 },
    };
    const continued = await continuePaused(id, { runId: first.runId, stepNumber: 0, request: edited });
    expect(continued.status).toBe(202);
    await follow(id);

    const [sent] = app.scripted.requests();
    expect(app.scripted.requests()).toHaveLength(1);
    const body = sent.body as { messages: Array<{ role: string; content: unknown }>; tools: Array<{ function: { name: string } }>; temperature?: number; max_tokens?: number };
    expect(body).toMatchObject({ temperature: 0.9, max_tokens: 321 });
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Edited instructions: be brief.' });
    expect(body.messages[1]).toMatchObject({ role: 'user', content: `Please add 2 and 3. ${CALC}` });
    expect(body.tools.map((tool) => tool.function.name)).toEqual(['calculator']);

    // The tool ran; the run paused again before call 2, whose request is the stored history, not the edit.
    const second = await pausedView(id);
    expect(second).toMatchObject({ stepNumber: 1, modelCall: 2 });
    expect(second.request.instructions).not.toContain('Edited instructions');
    expect(second.request.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(second.request.messages[0]).toEqual({ role: 'user', content: CALC });

    expect((await continuePaused(id, { runId: second.runId, stepNumber: 1 })).status).toBe(202);
    await follow(id);
    expect(app.scripted.requests()).toHaveLength(2);
    expect(JSON.stringify(app.scripted.requests()[1].body.messages[0])).not.toContain('Edited instructions');
    // The session's own settings again for the next call.
    expect(app.scripted.requests()[1].body).toMatchObject({ temperature: 0.3 });
    expect(app.scripted.requests()[1].body).not.toHaveProperty('max_tokens');

    const messages = await app.sessionMessages(id);
    expect(messages).toHaveLength(2);
    const answer = messages.at(-1)!;
    expect(answer.metadata?.runEnd?.reason).toBe('completed');
    expect(pauseParts(answer)).toEqual([
      { stepNumber: 0, modelCall: 1, state: 'continued', messageCount: 1, toolCount: 1, edited: true },
      { stepNumber: 1, modelCall: 2, state: 'continued', messageCount: 3, toolCount: first.request.tools.length },
    ]);
    // The inspector's traces: the first call says it went out edited, with the body really sent.
    const listRuns = async () => (await (await api.runs.GET(new Request(`http://app/api/sessions/${id}/runs`), params({ id }))).json()).runs as Array<{ id: string; status: string; endReason: string }>;
    await expect.poll(async () => (await listRuns())[0].status).toBe('completed');
    const runs = await listRuns();
    expect(runs.map((run) => [run.status, run.endReason])).toEqual([
      ['completed', 'completed'],
      ['awaiting_approval', 'paused'],
      ['awaiting_approval', 'paused'],
    ]);
    const steps = (await (await api.steps.GET(new Request(`http://app/api/runs/${runs[1].id}/steps`), params({ runId: runs[1].id }))).json()).steps as Array<{
      trace: { request: { released?: { edited: boolean; original?: { instructions: string }; request?: { instructions: string } }; instructions: string } };
    }>;
    expect(steps[0].trace.request).toMatchObject({ released: { edited: true }, instructions: 'Edited instructions: be brief.' });
    // With the request before and after the edit, for the inspector's diff.
    expect(steps[0].trace.request.released?.original?.instructions).toBe(first.request.instructions);
    expect(steps[0].trace.request.released?.request?.instructions).toBe('Edited instructions: be brief.');
    // Released as is: no copies.
    const lastSteps = (await (await api.steps.GET(new Request(`http://app/api/runs/${runs[0].id}/steps`), params({ runId: runs[0].id }))).json()).steps as typeof steps;
    expect(lastSteps[0].trace.request.released).toEqual({ edited: false });
    // Nothing waits any more.
    expect((await paused(id)).status).toBe(404);
  });

  it('continues once: a second Continue (another tab or instance) is refused, and the checks run before anything is taken', async () => {
    const id = await stepModeSession();
    await say(id, 'Hello there');
    const view = await pausedView(id);

    const unknownTool = { ...view.request, tools: [...view.request.tools, { name: 'rm_rf', enabled: true }] };
    const refused = await continuePaused(id, { runId: view.runId, stepNumber: 0, request: unknownTool });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toContain('"rm_rf"');
    const badMessage = await continuePaused(id, { runId: view.runId, stepNumber: 0, request: { ...view.request, messages: [{ role: 'wizard', content: 'hi' }] } });
    expect(badMessage.status).toBe(400);
    expect((await continuePaused(id, { runId: view.runId, stepNumber: 3 })).status).toBe(404);
    // Still waiting after the refusals.
    expect((await pausedView(id)).runId).toBe(view.runId);

    const [a, b] = await Promise.all([continuePaused(id, { runId: view.runId, stepNumber: 0 }), continuePaused(id, { runId: view.runId, stepNumber: 0 })]);
    expect([a.status, b.status].sort()).toEqual([202, expect.any(Number)].sort());
    expect([a.status, b.status].filter((status) => status === 202)).toHaveLength(1);
    await follow(id);
    const last = (await app.sessionMessages(id)).at(-1)!;
    expect(last.metadata?.runEnd?.reason).toBe('completed');
    expect(pauseParts(last)).toEqual([{ stepNumber: 0, modelCall: 1, state: 'continued', messageCount: 1, toolCount: view.request.tools.length }]);
  });

  it('another instance continues it: a fresh module graph with another instance id needs nothing but the database', async () => {
    const id = await stepModeSession();
    await say(id, 'Hello from instance A');
    const view = await pausedView(id);
    vi.resetModules();
    process.env.PLAYGROUND_INSTANCE_ID = 'instance-b';
    try {
      const routeB = await import('@/app/api/sessions/[id]/paused-request/route');
      expect(routeB).not.toBe(api.pausedRequest);
      const response = await routeB.POST(new Request(`http://app/api/sessions/${id}/paused-request`, post({ runId: view.runId, stepNumber: 0 })), params({ id }));
      expect(response.status).toBe(202);
      const { runId } = (await response.json()) as { runId: string };
      await follow(id);
      const statusOf = async () => ((await (await api.runs.GET(new Request(`http://app/api/sessions/${id}/runs`), params({ id }))).json()).runs as Array<{ id: string; status: string }>).find((run) => run.id === runId)?.status;
      await expect.poll(statusOf).toBe('completed');
    } finally {
      delete process.env.PLAYGROUND_INSTANCE_ID;
    }
    expect((await app.sessionMessages(id)).at(-1)!.metadata?.runEnd?.reason).toBe('completed');
  });

  it('Stop while paused ends the message as stopped; nothing can continue it after', async () => {
    const id = await stepModeSession();
    app.scripted.reset();
    await say(id, 'Hello there');
    const view = await pausedView(id);

    const stop = await api.stop.POST(new Request(`http://app/api/sessions/${id}/stop`, post({})), params({ id }));
    expect(await stop.json()).toEqual({ stopped: true });
    const last = (await app.sessionMessages(id)).at(-1)!;
    expect(last.metadata).toMatchObject({ stopped: true, runEnd: { reason: 'cancelled' } });
    expect(last.parts.filter((part) => part.type === 'data-run-end').map((part) => part.data.reason)).toEqual(['cancelled']);
    expect(pauseParts(last)).toEqual([expect.objectContaining({ state: 'stopped' })]);
    expect((await paused(id)).status).toBe(404);
    expect((await continuePaused(id, { runId: view.runId, stepNumber: 0 })).status).toBe(404);
    expect(app.scripted.requests()).toEqual([]);
    // Stop again: nothing runs and nothing waits.
    expect(await (await api.stop.POST(new Request(`http://app/api/sessions/${id}/stop`, post({})), params({ id }))).json()).toEqual({ stopped: false });
  });

  it('a new message moves on: the old pause is no longer current, and the new turn pauses on its own', async () => {
    const id = await stepModeSession();
    await say(id, 'First');
    const old = await pausedView(id);
    await say(id, 'Second');
    const current = await pausedView(id);
    expect(current.runId).not.toBe(old.runId);
    expect(current.request.messages.at(-1)).toEqual({ role: 'user', content: 'Second' });
    expect((await continuePaused(id, { runId: old.runId, stepNumber: 0 })).status).toBe(404);
  });
});
