/**
 * Session settings through the real routes: the PATCH is validated, what the model takes reaches the
 * scripted server's received request (and the step trace), what it does not take is dropped on the
 * server, user defaults seed new sessions, and system prompt presets are saved per owner.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionDetail } from '@/lib/api-types';
import { params, patch, post, readChunks, send, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({
  name: 'session-settings',
  routes: ['runs', 'steps'],
  env: { OPENAI_MODELS: 'scripted-responses,o4-mini' },
});
const { api } = app;

// Route modules of this feature, imported after the harness has set the env (its beforeAll runs first).
let defaults: typeof import('@/app/api/defaults/route');
let presets: typeof import('@/app/api/presets/route');
let preset: typeof import('@/app/api/presets/[id]/route');
beforeAll(async () => {
  defaults = await import('@/app/api/defaults/route');
  presets = await import('@/app/api/presets/route');
  preset = await import('@/app/api/presets/[id]/route');
});

type Body = Record<string, unknown> & { messages?: Array<{ role: string; content: unknown }>; tools?: Array<{ name?: string; function?: { name: string } }> };

async function patchSession(id: string, body: unknown): Promise<Response> {
  return api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch(body)), params({ id }));
}

async function detail(id: string): Promise<SessionDetail> {
  return (await (await api.session.GET(new Request(`http://app/api/sessions/${id}`), params({ id }))).json()).session;
}

/** Sends one message and answers the body the scripted server received for it. */
async function lastRequestFor(id: string, text: string): Promise<Body> {
  app.scripted.reset();
  await readChunks(await app.chat(id, text));
  return app.scripted.requests().at(-1)!.body as Body;
}

async function lastStepSettings(id: string): Promise<Record<string, unknown>> {
  const runs = (await (await api.runs.GET(new Request('http://app'), params({ id }))).json()).runs as Array<{ id: string; startedAt: number }>;
  const runId = runs.sort((a, b) => b.startedAt - a.startedAt)[0].id;
  const steps = (await (await api.steps.GET(new Request('http://app'), params({ runId }))).json()).steps as Array<{ trace: { request: { settings: Record<string, unknown>; instructions: string } } }>;
  return { ...steps.at(-1)!.trace.request.settings, instructions: steps.at(-1)!.trace.request.instructions };
}

describe('PATCH /api/sessions/:id settings', () => {
  it('refuses out-of-range and unknown values with a JSON error naming the field', async () => {
    const id = await app.newSession();
    for (const settings of [{ temperature: 2.5 }, { topP: -0.1 }, { reasoningEffort: 'extreme' }, { maxOutputTokens: 0 }, { systemPrompt: 'x'.repeat(20_001) }, { disabledTools: 'calculator' }]) {
      const response = await patchSession(id, { settings });
      expect(response.status, JSON.stringify(settings).slice(0, 60)).toBe(400);
      const body = await response.json();
      expect(body.error.code).toBe('bad_request');
      expect(body.error.message).toContain(Object.keys(settings)[0]);
    }
    // A 20,000-character system prompt fits the body limit.
    expect((await patchSession(id, { settings: { systemPrompt: 'y'.repeat(20_000) } })).status).toBe(200);
  });

  it('sends temperature, top-p, max output tokens and the system prompt to a Chat Completions model, from the next request', async () => {
    const id = await app.newSession('compat:scripted-chat');
    const before = await lastRequestFor(id, 'First [[scenario:text?text=ok]]');
    expect(before).not.toHaveProperty('temperature');
    expect(before).not.toHaveProperty('top_p');

    const settings = { temperature: 0.3, topP: 0.8, maxOutputTokens: 321, systemPrompt: 'Always answer like a pirate.', reasoningEffort: 'high', disabledTools: ['calculator', 'wait'] };
    expect((await patchSession(id, { settings })).status).toBe(200);
    expect((await detail(id)).settings).toEqual(settings);

    const body = await lastRequestFor(id, 'Second [[scenario:text?text=arr]]');
    expect(body).toMatchObject({ temperature: 0.3, top_p: 0.8, max_tokens: 321 });
    const system = body.messages!.find((m) => m.role === 'system');
    expect(String(system?.content)).toMatch(/You are an agent in Agent Playground[\s\S]*\n\nAlways answer like a pirate\.$/);
    // An unknown model is no reasoning model: the effort is dropped, not sent.
    expect(body).not.toHaveProperty('reasoning_effort');
    // Built-in tools switched off are not sent; the others are.
    const tools = (body.tools ?? []).map((t) => t.function?.name);
    expect(tools).not.toContain('calculator');
    expect(tools).not.toContain('wait');
    expect(tools).toContain('get_current_time');

    // The inspector's trace records what was sent.
    expect(await lastStepSettings(id)).toMatchObject({ temperature: 0.3, topP: 0.8, maxOutputTokens: 321, instructions: expect.stringContaining('like a pirate') });
  });

  it('drops temperature and top-p for an OpenAI reasoning model and sends its reasoning effort, keeping store: false', async () => {
    const id = await app.newSession('openai:o4-mini');
    const settings = { temperature: 0.5, topP: 0.5, reasoningEffort: 'low', maxOutputTokens: 1_000_000 };
    expect((await patchSession(id, { settings })).status).toBe(200);
    const body = await lastRequestFor(id, 'Think [[scenario:text?text=done]]');
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_p');
    expect(body).toMatchObject({ store: false, reasoning: { effort: 'low' }, max_output_tokens: 100_000 });
    expect(await lastStepSettings(id)).toMatchObject({ maxOutputTokens: 100_000, providerOptions: { openai: { store: false, reasoningEffort: 'low' } } });
    expect(await lastStepSettings(id)).not.toHaveProperty('temperature');
  });
});

describe('user defaults', () => {
  it('seeds a new session with the model, permission mode and settings; an unlisted model is refused', async () => {
    const empty = await (await defaults.GET(new Request('http://app/api/defaults'))).json();
    expect(empty.defaults).toEqual({ modelKey: null, permissionMode: null, settings: {} });

    const bad = await defaults.PUT(new Request('http://app/api/defaults', send('PUT', { modelKey: 'openai:nope', permissionMode: null, settings: {} })));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('unknown_model');
    const invalid = await defaults.PUT(new Request('http://app/api/defaults', send('PUT', { modelKey: null, permissionMode: 'reckless', settings: {} })));
    expect(invalid.status).toBe(400);

    const saved = { modelKey: 'openai:scripted-responses', permissionMode: 'plan', settings: { systemPrompt: 'Be brief.', temperature: 0.2, maxIterations: 9 } };
    const put = await defaults.PUT(new Request('http://app/api/defaults', send('PUT', saved)));
    expect(put.status).toBe(200);
    expect((await put.json()).defaults).toEqual(saved);

    const created = await api.sessions.POST(new Request('http://app/api/sessions', post({})));
    const { session } = await created.json();
    expect(session).toMatchObject({ modelKey: 'openai:scripted-responses', permissionMode: 'plan' });
    expect((await detail(session.id)).settings).toEqual(saved.settings);
    // A model asked for wins over the default one; the rest still comes from the defaults.
    const other = await app.newSession('compat:scripted-chat');
    expect(await detail(other)).toMatchObject({ modelKey: 'compat:scripted-chat', permissionMode: 'plan', settings: saved.settings });

    expect((await defaults.DELETE(new Request('http://app/api/defaults', { method: 'DELETE', headers: { 'content-type': 'application/json' } }))).status).toBe(200);
    const plain = await app.newSession();
    expect(await detail(plain)).toMatchObject({ permissionMode: 'ask', settings: {} });
  });
});

describe('system prompt presets', () => {
  it('saves, lists by name, replaces by name and deletes', async () => {
    const create = (body: unknown) => presets.POST(new Request('http://app/api/presets', post(body)));
    expect((await create({ name: 'Empty', prompt: '   ' })).status).toBe(400);
    expect((await create({ name: '', prompt: 'x' })).status).toBe(400);
    const pirate = (await (await create({ name: 'Pirate', prompt: 'Talk like a pirate.' })).json()).preset;
    await create({ name: 'Editor', prompt: 'Fix the grammar only.' });
    const replaced = await create({ name: 'Pirate', prompt: 'Talk like a polite pirate.' });
    expect(replaced.status).toBe(201);
    expect((await replaced.json()).preset.id).toBe(pirate.id);

    const list = (await (await presets.GET(new Request('http://app/api/presets'))).json()).presets;
    expect(list.map((p: { name: string; prompt: string }) => [p.name, p.prompt])).toEqual([
      ['Editor', 'Fix the grammar only.'],
      ['Pirate', 'Talk like a polite pirate.'],
    ]);
    const del = () => preset.DELETE(new Request('http://app', { method: 'DELETE', headers: { 'content-type': 'application/json' } }), params({ id: pirate.id }));
    expect((await del()).status).toBe(200);
    const again = await del();
    expect(again.status).toBe(404);
    expect((await again.json()).error.code).toBe('not_found');
  });
});
