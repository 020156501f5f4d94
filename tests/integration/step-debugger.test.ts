/**
 * The loop debugger through the real routes and the scripted model server:
 * "Edit and re-run" makes a fork whose history is the edited request and runs
 * on it (workspace as at that step's run, original untouched); "Replay with
 * another model" sends the step's (edited) request to another model once,
 * runs no tool and saves nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditableRequest } from '@/lib/agent/editable-request';
import { editableRequestFromTrace } from '@/lib/agent/editable-request';
import type { StepTrace } from '@/lib/agent/trace';
import type { SessionDetail } from '@/lib/api-types';
import type { ReplayResponse, RerunResponse } from '@/lib/api/step-debugger';
import { params, patch, post, readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'step-debugger', routes: ['runs', 'steps', 'content', 'stream', 'servers'] });
const { api } = app;

let replayRoute: typeof import('@/app/api/runs/[runId]/steps/[n]/replay/route');
let rerunRoute: typeof import('@/app/api/runs/[runId]/steps/[n]/rerun/route');
beforeAll(async () => {
  replayRoute = await import('@/app/api/runs/[runId]/steps/[n]/replay/route');
  rerunRoute = await import('@/app/api/runs/[runId]/steps/[n]/rerun/route');
  // Importing route modules is compile work: on a busy machine it outlasts the default 10 s.
}, 60_000);

const write = (content: string) => `[[scenario:tool?tool=write_file&args=${encodeURIComponent(JSON.stringify({ path: 'notes.txt', content }))}]]`;

async function detail(id: string): Promise<SessionDetail> {
  return (await (await api.session.GET(new Request(`http://app/api/sessions/${id}`), params({ id }))).json()).session;
}

async function runIds(sessionId: string): Promise<string[]> {
  const runs = (await (await api.runs.GET(new Request('http://app'), params({ id: sessionId }))).json()).runs as Array<{ id: string; startedAt: number }>;
  return runs.sort((a, b) => a.startedAt - b.startedAt).map((run) => run.id);
}

async function steps(runId: string): Promise<Array<{ stepNumber: number; trace: StepTrace }>> {
  return (await (await api.steps.GET(new Request('http://app'), params({ runId }))).json()).steps;
}

async function fileText(id: string): Promise<string | number> {
  const response = await api.content.GET(new Request(`http://app/api/sessions/${id}/files/content?path=${encodeURIComponent('/workspace/notes.txt')}`), params({ id }));
  return response.status === 200 ? (await response.json()).file.content : response.status;
}

/** The session's messages, runs and every step trace: what must not change. */
async function snapshot(id: string): Promise<string> {
  const runs = await runIds(id);
  return JSON.stringify({ messages: (await detail(id)).messages, runs, steps: await Promise.all(runs.map(steps)) });
}

const rerun = (runId: string, n: number, body: unknown) =>
  rerunRoute.POST(new Request(`http://app/api/runs/${runId}/steps/${n}/rerun`, post(body)), params({ runId, n: String(n) }));
const replay = (runId: string, n: number, body: unknown) =>
  replayRoute.POST(new Request(`http://app/api/runs/${runId}/steps/${n}/replay`, post(body)), params({ runId, n: String(n) }));

describe('edit and re-run', () => {
  it('forks with the edited request as history, runs on it with the workspace as at that step, and leaves the original untouched', async () => {
    const id = await app.newSession('compat:scripted-chat');
    await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ permissionMode: 'accept-edits', title: 'Origin' })), params({ id }));
    await readChunks(await app.chat(id, `Write v1 ${write('version one')}`));
    await readChunks(await app.chat(id, `Write v2 ${write('version two')}`));
    expect(await fileText(id)).toBe('version two');
    const before = await snapshot(id);

    // The second run's first step: history of turn one, then "Write v2 …".
    const [, secondRun] = await runIds(id);
    const [first] = await steps(secondRun);
    const request = editableRequestFromTrace(first.trace.request);
    expect(request.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect(request.messages.at(-1)!.content).toContain('Write v2');
    const edited: EditableRequest = {
      ...request,
      messages: [...request.messages.slice(0, -1), { role: 'user', content: 'Edited question [[scenario:text?text=edited+answer]]' }],
      tools: request.tools.map((tool) => (tool.name === 'fetch_url' ? { ...tool, enabled: false } : tool)),
      instructions: `${request.instructions}\n\nAlways answer in French.`,
      settings: { temperature: 0.3 },
    };

    // An MCP tool switched off in the editor is switched off for the fork through its MCP switches, not the built-in list.
    const server = await api.servers.POST(new Request('http://app/api/mcp-servers', post({ name: 'docs', url: 'http://127.0.0.1:9/mcp', enabled: false })));
    expect(server.status).toBe(201);
    const serverId = (await server.json()).server.id as string;
    edited.tools.push({ name: 'docs__search', enabled: false });

    app.scripted.reset();
    const response = await rerun(secondRun, first.stepNumber, { request: edited });
    expect(response.status).toBe(201);
    const { session, runId } = (await response.json()) as RerunResponse;
    expect(session.title).toBe('Origin (step 1 edited)');
    expect(runId).toMatch(/^run/);
    await (await api.stream.GET(new Request(`http://app/api/chat/${session.id}/stream`), params({ id: session.id }))).text();

    // The model got the edited history, the edited temperature, and no switched-off tool.
    const received = app.scripted.requests().find((r) => JSON.stringify(r.body).includes('Edited question'))!.body as {
      messages: Array<{ role: string; content: unknown }>;
      temperature?: number;
      tools: Array<{ function: { name: string } }>;
    };
    expect(received.messages.at(-1)).toMatchObject({ role: 'user', content: 'Edited question [[scenario:text?text=edited+answer]]' });
    expect(JSON.stringify(received.messages)).toContain('version one');
    expect(received.temperature).toBe(0.3);
    // Edited instructions: the app's own, then the added line (the fork's system prompt).
    expect(received.messages[0]).toMatchObject({ role: 'system' });
    expect(String(received.messages[0].content)).toMatch(/^You are an agent in Agent Playground[\s\S]*\n\nAlways answer in French\.$/);
    expect(received.tools.map((t) => t.function.name)).toContain('write_file');
    expect(received.tools.map((t) => t.function.name)).not.toContain('fetch_url');

    // The fork: the edited history (tool call with its result kept), the answer, a link back, the workspace before run two.
    const fork = await detail(session.id);
    expect(fork.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const call = fork.messages[1].parts.find((part) => part.type === 'tool-write_file') as { state: string; input: unknown };
    expect(call).toMatchObject({ state: 'output-available', input: { path: 'notes.txt', content: 'version one' } });
    expect(JSON.stringify(fork.messages[3].parts)).toContain('edited answer');
    expect(fork.forkedFrom).toMatchObject({ sessionId: id });
    expect(fork.settings).toMatchObject({ temperature: 0.3, disabledTools: ['fetch_url'], systemPrompt: 'Always answer in French.' });
    const { getAppDb } = await import('@/lib/server/db');
    const [row] = await (await getAppDb()).all<{ mcp_overrides: string }>(sql`SELECT mcp_overrides FROM sessions WHERE id = ${session.id}`);
    expect(JSON.parse(row.mcp_overrides)).toEqual({ tools: { [serverId]: { search: false } } });
    expect(await fileText(session.id)).toBe('version one');

    // The original: messages, runs and traces exactly as before, its workspace at version two.
    expect(await snapshot(id)).toBe(before);
    expect(await fileText(id)).toBe('version two');
  });

  it('refuses an invalid edited request and an unknown step', async () => {
    const id = await app.newSession('compat:scripted-chat');
    await readChunks(await app.chat(id, 'Hello'));
    const [runId] = await runIds(id);
    const bad = await rerun(runId, 0, { request: { instructions: '', messages: [{ role: 'user', content: [{ type: 'nope' }] }], tools: [], settings: {} } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('bad_request');
    const empty = await rerun(runId, 0, { request: { instructions: '', messages: [], tools: [], settings: {} } });
    expect(empty.status).toBe(400);
    const missing = await rerun(runId, 9, { request: { instructions: '', messages: [{ role: 'user', content: 'x' }], tools: [], settings: {} } });
    expect(missing.status).toBe(404);
    expect((await runIds(id)).length).toBe(1);
  });
});

describe('replay with another model', () => {
  it('sends the edited request to the other model once, returns both answers, runs no tool and saves nothing', async () => {
    const id = await app.newSession('openai:scripted-responses');
    await readChunks(await app.chat(id, `Compute [[scenario:tool?tool=calculator&args=${encodeURIComponent('{"expression":"6*7"}')}]]`));
    const before = await snapshot(id);
    const [runId] = await runIds(id);
    const [first] = await steps(runId);
    const request = editableRequestFromTrace(first.trace.request);

    app.scripted.reset();
    const response = await replay(runId, first.stepNumber, { modelKey: 'compat:scripted-chat', request: { ...request, instructions: 'Edited instructions.', settings: { maxOutputTokens: 321 } } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ReplayResponse;
    // The step's own answer: the calculator call it made.
    expect(body.original).toMatchObject({ modelKey: 'openai:scripted-responses', finishReason: 'tool-calls', toolCalls: [{ toolName: 'calculator', input: { expression: '6*7' } }] });
    // The other model's: the same call, shown, not run.
    expect(body.replay).toMatchObject({ modelKey: 'compat:scripted-chat', finishReason: 'tool-calls', toolCalls: [{ toolName: 'calculator', input: { expression: '6*7' } }] });
    expect(body.replay.usage?.inputTokens).toBeGreaterThan(0);
    expect(body.replay.durationMs).toBeGreaterThanOrEqual(0);

    const received = app.scripted.requests();
    expect(received).toHaveLength(1);
    expect(received[0].api).toBe('chat');
    const sent = received[0].body as { messages: Array<{ role: string; content: unknown }>; max_tokens?: number; tools: unknown[] };
    expect(sent.messages[0]).toMatchObject({ role: 'system', content: 'Edited instructions.' });
    expect(JSON.stringify(sent.messages)).toContain('Compute');
    expect(sent.max_tokens).toBe(321);
    expect(JSON.stringify(sent.tools)).toContain('calculator');

    // Nothing was written to the session.
    expect(await snapshot(id)).toBe(before);
  });

  it("shows the last step's own answer from the stored message", async () => {
    const id = await app.newSession('compat:scripted-chat');
    await readChunks(await app.chat(id, 'Say it [[scenario:text?text=first+words]]'));
    const [runId] = await runIds(id);
    const response = await replay(runId, 0, { modelKey: 'openai:scripted-responses' });
    const body = (await response.json()) as ReplayResponse;
    expect(body.original.text).toBe('first words');
    expect(body.replay.modelKey).toBe('openai:scripted-responses');
    expect(body.replay.text).toContain('first words');
  });
});
