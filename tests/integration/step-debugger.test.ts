/**
 * The loop debugger through the real routes and the scripted model server:
 * "Edit and re-run" makes a new branch of the session whose history is the
 * edited request and runs on it (workspace as at that step, original branch
 * untouched and its files back on a switch); "Replay with
 * another model" sends the step's (edited) request to another model once,
 * runs no tool and saves nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { EditableRequest } from '@/lib/agent/editable-request';
import { editableRequestFromTrace } from '@/lib/agent/editable-request';
import type { StepTrace } from '@/lib/agent/trace';
import type { SessionDetail } from '@/lib/api-types';
import type { PausedRequestView } from '@/lib/api/paused-request';
import type { ReplayResponse, RerunResponse } from '@/lib/api/step-debugger';
import { params, patch, post, readChunks, setupAppHarness } from '../support/app-harness';
import { startMcpFixture } from '../support/mcp/launch';

const app = setupAppHarness({ name: 'step-debugger', routes: ['runs', 'steps', 'content', 'stream', 'branch', 'servers', 'pausedRequest'] });
const { api } = app;

let replayRoute: typeof import('@/app/api/runs/[runId]/steps/[n]/replay/route');
let rerunRoute: typeof import('@/app/api/runs/[runId]/steps/[n]/rerun/route');
beforeAll(async () => {
  replayRoute = await import('@/app/api/runs/[runId]/steps/[n]/replay/route');
  rerunRoute = await import('@/app/api/runs/[runId]/steps/[n]/rerun/route');
  // Importing route modules is compile work: on a busy machine it outlasts the default 10 s.
}, 60_000);

const writeAt = (path: string, content: string) => `[[scenario:tool?tool=write_file&args=${encodeURIComponent(JSON.stringify({ path, content }))}]]`;

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

async function fileText(id: string, name = 'notes.txt'): Promise<string | number> {
  const response = await api.content.GET(new Request(`http://app/api/sessions/${id}/files/content?path=${encodeURIComponent(`/workspace/${name}`)}`), params({ id }));
  return response.status === 200 ? (await response.json()).file.content : response.status;
}

/** The session's messages, runs and every step trace (of its first `runs` runs): what must not change. */
async function snapshot(id: string, only?: { runs: number }): Promise<string> {
  const runs = (await runIds(id)).slice(0, only?.runs);
  return JSON.stringify({ messages: (await detail(id)).messages, runs, steps: await Promise.all(runs.map(steps)) });
}

/** Step mode's paused call; waited for, since a paused run writes its row's end a moment after its stream's last chunk. */
async function pausedView(id: string): Promise<PausedRequestView> {
  let view: PausedRequestView | undefined;
  await expect.poll(async () => {
    const response = await api.pausedRequest.GET(new Request(`http://app/api/sessions/${id}/paused-request`), params({ id }));
    if (response.status === 200) view = await response.json();
    return response.status;
  }).toBe(200);
  return view!;
}

const rerun = (runId: string, n: number, body: unknown) =>
  rerunRoute.POST(new Request(`http://app/api/runs/${runId}/steps/${n}/rerun`, post(body)), params({ runId, n: String(n) }));
const replay = (runId: string, n: number, body: unknown) =>
  replayRoute.POST(new Request(`http://app/api/runs/${runId}/steps/${n}/replay`, post(body)), params({ runId, n: String(n) }));

describe('edit and re-run', () => {
  it('runs the edited request as a new branch of the session, with the workspace as at that step; the original stays and switching brings its files back', { timeout: 60_000 }, async () => {
    const id = await app.newSession('compat:scripted-chat');
    await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ permissionMode: 'accept-edits', title: 'Origin' })), params({ id }));
    // Run one leaves base.txt: the snapshot before run two.
    await readChunks(await app.chat(id, `Setup ${writeAt('base.txt', 'base')}`));
    // Run two: three steps that change files, then an answer.
    const calls = [
      { tool: 'write_file', args: { path: 'notes.txt', content: 'one' } },
      { tool: 'edit_file', args: { path: 'notes.txt', old_string: 'one', new_string: 'two' } },
      { tool: 'bash', args: { command: 'echo three > notes.txt && rm base.txt' } },
    ];
    await readChunks(await app.chat(id, `Work [[scenario:sequence?calls=${encodeURIComponent(JSON.stringify(calls))}]]`));
    expect(await fileText(id)).toBe('three\n');
    expect(await fileText(id, 'base.txt')).toBe(404);
    const before = await snapshot(id);
    const originalMessages = (await detail(id)).messages;
    const settingsBefore = (await detail(id)).settings;

    // Step 3 of run two (the bash call's request): after the write and the edit, before the bash.
    const [, secondRun] = await runIds(id);
    const third = (await steps(secondRun))[2];
    const request = editableRequestFromTrace(third.trace.request);
    expect(request.messages.at(-1)).toMatchObject({ role: 'tool' });
    const edited: EditableRequest = {
      ...request,
      messages: [...request.messages, { role: 'user', content: 'Edited question [[scenario:text?text=edited+answer]]' }],
      tools: request.tools.map((tool) => (tool.name === 'fetch_url' ? { ...tool, enabled: false } : tool)),
      instructions: `${request.instructions}\n\nAlways answer in French.`,
      settings: { temperature: 0.3 },
    };

    // An MCP server's tool switched off in the editor is left out of that run only (the session's switches stay).
    const fixture = await startMcpFixture('results-server');
    onTestFinished(() => fixture.stop());
    expect((await api.servers.POST(new Request('http://app/api/mcp-servers', post({ name: 'results', url: fixture.url })))).status).toBe(201);
    edited.tools.push({ name: 'results__list_issues', enabled: false });

    // Refused while a run works on the session (here: the session claimed), like a branch switch.
    const { claimSession, releaseSession } = await import('@/lib/server/run-manager');
    const { getAppDb } = await import('@/lib/server/db');
    const db = await getAppDb();
    const [{ owner_id: ownerId }] = await db.all<{ owner_id: string }>(sql`SELECT owner_id FROM sessions WHERE id = ${id}`);
    await claimSession(db, ownerId, id);
    const busy = await rerun(secondRun, third.stepNumber, { request: edited });
    releaseSession(id);
    expect(busy.status).toBe(409);
    expect((await busy.json()).error.code).toBe('run_active');

    app.scripted.reset();
    const response = await rerun(secondRun, third.stepNumber, { request: edited });
    expect(response.status).toBe(201);
    const { session, runId } = (await response.json()) as RerunResponse;
    expect(session.id).toBe(id);
    expect(runId).toMatch(/^run/);
    await (await api.stream.GET(new Request(`http://app/api/chat/${id}/stream`), params({ id }))).text();

    // The model got the edited history, the edited temperature, and no switched-off tool.
    const received = app.scripted.requests().find((r) => JSON.stringify(r.body).includes('Edited question'))!.body as {
      messages: Array<{ role: string; content: unknown }>;
      temperature?: number;
      tools: Array<{ function: { name: string } }>;
    };
    expect(received.messages.at(-1)).toMatchObject({ role: 'user', content: 'Edited question [[scenario:text?text=edited+answer]]' });
    expect(JSON.stringify(received.messages)).toContain('new_string');
    expect(received.temperature).toBe(0.3);
    expect(String(received.messages[0].content)).toMatch(/^You are an agent in Agent Playground[\s\S]*\n\nAlways answer in French\.$/);
    expect(received.tools.map((t) => t.function.name)).toContain('write_file');
    expect(received.tools.map((t) => t.function.name)).not.toContain('fetch_url');
    expect(received.tools.map((t) => t.function.name)).toContain('results__find-docs');
    expect(received.tools.map((t) => t.function.name)).not.toContain('results__list_issues');

    // The same session shows the new branch: the stored messages the edited request still begins with (up to run
    // two's question) are shared, then the edited rest (tool calls with their results) and the answer, with a switcher
    // where it forks; its workspace is as at step 3: after steps 1 and 2, not 3, not before the run.
    const branch = await detail(id);
    expect(branch.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(branch.messages.slice(0, 3).map((m) => m.id)).toEqual(originalMessages.slice(0, 3).map((m) => m.id));
    expect(branch.messages[3].id).not.toBe(originalMessages[3].id);
    const call = branch.messages[3].parts.find((part) => part.type === 'tool-edit_file') as { state: string; input: unknown };
    expect(call).toMatchObject({ state: 'output-available', input: { path: 'notes.txt', new_string: 'two' } });
    expect(JSON.stringify(branch.messages[5].parts)).toContain('edited answer');
    expect(branch.branches[branch.messages[3].id]).toEqual({ siblings: [originalMessages[3].id, branch.messages[3].id], index: 1 });
    expect(await fileText(id)).toBe('two');
    expect(await fileText(id, 'base.txt')).toBe('base');
    // The edits applied to that run alone: the session's settings are as they were.
    expect(branch.settings).toEqual(settingsBefore);
    const [row] = await db.all<{ mcp_overrides: string }>(sql`SELECT mcp_overrides FROM sessions WHERE id = ${id}`);
    expect(JSON.parse(row.mcp_overrides)).toEqual({});

    // The original: runs and traces exactly as before; switching back shows its messages and its files.
    const switchTo = (messageId: string) => api.branch.POST(new Request(`http://app/api/sessions/${id}/branch`, post({ messageId })), params({ id }));
    expect((await switchTo(originalMessages[3].id)).status).toBe(200);
    expect(await snapshot(id, { runs: 2 })).toBe(before);
    expect(await fileText(id)).toBe('three\n');
    expect(await fileText(id, 'base.txt')).toBe(404);

    // Back on the new branch: its files again.
    expect((await switchTo(branch.messages[3].id)).status).toBe(200);
    expect(await fileText(id)).toBe('two');

    // A line with no snapshot at all (nothing ran on it) leaves the files as they are.
    const { saveMessage, setActiveLeaf } = await import('@/db/queries/messages');
    const leaf = (await detail(id)).messages.at(-1)!.id;
    await setActiveLeaf(db, ownerId, id, null);
    await saveMessage(db, ownerId, id, { id: 'msg_unsnapshotted', role: 'user', parts: [{ type: 'text', text: 'no run here' }], metadata: { createdAt: Date.now() } });
    await setActiveLeaf(db, ownerId, id, leaf);
    expect((await switchTo('msg_unsnapshotted')).status).toBe(200);
    expect((await detail(id)).messages.map((m) => m.id)).toEqual(['msg_unsnapshotted']);
    expect(await fileText(id)).toBe('two');
  });

  /** A re-run of a one-step run's step 0, its question replaced by `question`: fetch_url off, temperature 0.4, one more instruction. */
  async function rerunEdited(id: string, question: string, beforeRerun?: () => Promise<unknown>): Promise<void> {
    await readChunks(await app.chat(id, 'Hello [[scenario:text?text=hi]]'));
    await beforeRerun?.();
    const [runId] = await runIds(id);
    const request = editableRequestFromTrace((await steps(runId))[0].trace.request);
    const edited: EditableRequest = {
      ...request,
      messages: [{ role: 'user', content: question }],
      tools: request.tools.map((tool) => (tool.name === 'fetch_url' ? { ...tool, enabled: false } : tool)),
      instructions: `${request.instructions}\n\nAlways answer in French.`,
      settings: { temperature: 0.4 },
    };
    app.scripted.reset();
    expect((await rerun(runId, 0, { request: edited })).status).toBe(201);
    await (await api.stream.GET(new Request(`http://app/api/chat/${id}/stream`), params({ id }))).text();
  }

  /** The editor's edits, as a request the scripted server received (Chat Completions) or a paused request shows them. */
  const expectEdited = (body: { messages: Array<{ role: string; content: unknown }>; temperature?: number; tools: Array<{ function: { name: string } }> }) => {
    expect(body.temperature).toBe(0.4);
    expect(String(body.messages[0].content)).toMatch(/\n\nAlways answer in French\.$/);
    expect(body.tools.map((t) => t.function.name)).toContain('write_file');
    expect(body.tools.map((t) => t.function.name)).not.toContain('fetch_url');
  };

  it('keeps the edits after the re-run waits for an approval: the run that continues it sends them too', { timeout: 60_000 }, async () => {
    const id = await app.newSession('compat:scripted-chat');
    await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ permissionMode: 'ask' })), params({ id }));
    await rerunEdited(id, `Write it ${writeAt('a.txt', 'x')}`);
    const last = (await detail(id)).messages.at(-1)!;
    const part = last.parts.find((p) => p.type === 'tool-write_file') as { state: string; approval: { id: string; signature: string } };
    expect(part.state).toBe('approval-requested');
    expect(app.scripted.requests()).toHaveLength(1);
    expectEdited(app.scripted.requests()[0].body as never);

    const answered = await api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, approvals: [{ approvalId: part.approval.id, approved: true, signature: part.approval.signature }] })));
    expect(answered.status).toBe(200);
    await readChunks(answered);
    expect(await fileText(id, 'a.txt')).toBe('x');
    // The follow-up request (after the tool's result) still has the editor's settings, instructions and tools.
    expect(app.scripted.requests()).toHaveLength(2);
    const followUp = app.scripted.requests()[1].body as { messages: Array<{ role: string; content: unknown }> };
    expect(followUp.messages.at(-1)).toMatchObject({ role: 'tool' });
    expectEdited(followUp as never);
    // The session's own settings are untouched.
    expect((await detail(id)).settings).not.toHaveProperty('temperature');
  });

  it('keeps the edits after step mode pauses the re-run: every continued call sends them', { timeout: 60_000 }, async () => {
    const id = await app.newSession('compat:scripted-chat');
    await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ permissionMode: 'auto' })), params({ id }));
    const calc = `[[scenario:tool?tool=calculator&args=${encodeURIComponent(JSON.stringify({ expression: '2+3' }))}]]`;
    // Step mode is switched on after the first run: the re-run pauses before each of its calls.
    await rerunEdited(id, `Add ${calc}`, () => api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ settings: { pauseBeforeModelCall: true } })), params({ id })));
    const continuePaused = async (view: PausedRequestView) => {
      const response = await api.pausedRequest.POST(new Request(`http://app/api/sessions/${id}/paused-request`, post({ runId: view.runId, stepNumber: view.stepNumber })), params({ id }));
      expect(response.status).toBe(202);
      await (await api.stream.GET(new Request(`http://app/api/chat/${id}/stream`), params({ id }))).text();
    };
    const expectEditedView = ({ request }: PausedRequestView) => {
      expect(request.settings.temperature).toBe(0.4);
      expect(request.instructions).toMatch(/\n\nAlways answer in French\.$/);
      expect(request.tools.map((tool) => tool.name)).not.toContain('fetch_url');
    };

    const first = await pausedView(id);
    expect(first).toMatchObject({ stepNumber: 0, modelCall: 1 });
    expectEditedView(first);
    await continuePaused(first);
    expect(app.scripted.requests()).toHaveLength(1);
    expectEdited(app.scripted.requests()[0].body as never);

    // The calculator ran; the continued run paused before call 2 and built that request with the edits.
    const second = await pausedView(id);
    expect(second).toMatchObject({ stepNumber: 1, modelCall: 2 });
    expectEditedView(second);
    // And the run that continues that pause sends them again.
    await continuePaused(second);
    expect(app.scripted.requests()).toHaveLength(2);
    const followUp = app.scripted.requests()[1].body as { messages: Array<{ role: string; content: unknown }> };
    expect(followUp.messages.at(-1)).toMatchObject({ role: 'tool' });
    expectEdited(followUp as never);
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
