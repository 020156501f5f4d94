/**
 * MCP elicitation and sampling through the real routes and the loop, against the
 * elicit fixture server (official SDK, Streamable HTTP, a real process) and the
 * scripted model: the server's form waits for the answer route (accept, decline,
 * cancel), Stop cancels it, and the server records what it got back; sampling is
 * refused until the server is allowed, then waits for Allow, runs on the session's
 * model and counts in the run's usage.
 */
import { isToolUIPart } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage, AgentUIMessageChunk, ElicitationNotice, SamplingNotice } from '@/lib/agent/messages';
import type { RunStep, RunSummary } from '@/lib/api-types';
import { params, parseChunks, patch, post, setupAppHarness } from '../support/app-harness';
import { startMcpFixture, type McpFixture, until } from '../support/mcp/launch';

const app = setupAppHarness({ name: 'mcp-elicitation', routes: ['servers', 'server', 'elicitation', 'stop', 'runs', 'steps'], env: { MCP_ALLOW_STDIO: undefined } });
const { api } = app;
let fixture: McpFixture;
let serverId = '';

beforeAll(async () => {
  fixture = await startMcpFixture('elicit-server');
  const created = await api.servers.POST(new Request('http://app/api/mcp-servers', post({ name: 'elicit', url: fixture.url })));
  expect(created.status).toBe(201);
  serverId = (await created.json()).server.id;
}, 30_000);
afterAll(async () => {
  await fixture?.stop();
});

const oneCall = (tool: string, args: unknown) => `[[scenario:tool?tool=${tool}&args=${encodeURIComponent(JSON.stringify(args))}]]`;

/** A chat turn's stream, read as it comes: wait for a chunk, then read on to the end. */
function follow(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: AgentUIMessageChunk[] = [];
  let buffer = '';
  let done = false;
  async function readMore(): Promise<void> {
    const next = await reader.read();
    if (next.done) {
      done = true;
      return;
    }
    buffer += decoder.decode(next.value, { stream: true });
    const cut = buffer.lastIndexOf('\n');
    if (cut >= 0) {
      chunks.push(...parseChunks(buffer.slice(0, cut)));
      buffer = buffer.slice(cut + 1);
    }
  }
  return {
    chunks,
    async until<T extends AgentUIMessageChunk>(match: (chunk: AgentUIMessageChunk) => chunk is T): Promise<T> {
      for (;;) {
        const found = chunks.find(match);
        if (found) return found;
        if (done) throw new Error(`the stream ended without the chunk: ${JSON.stringify(chunks.map((chunk) => chunk.type))}`);
        await readMore();
      }
    },
    async end(): Promise<AgentUIMessageChunk[]> {
      while (!done) await readMore();
      return chunks;
    },
  };
}

type DataChunk<T> = { type: string; id?: string; data: T };
const elicitationChunk =
  (status: ElicitationNotice['status']) =>
  (chunk: AgentUIMessageChunk): chunk is AgentUIMessageChunk & DataChunk<ElicitationNotice> =>
    chunk.type === 'data-elicitation' && (chunk as DataChunk<ElicitationNotice>).data.status === status;
const samplingChunk =
  (status: SamplingNotice['status']) =>
  (chunk: AgentUIMessageChunk): chunk is AgentUIMessageChunk & DataChunk<SamplingNotice> =>
    chunk.type === 'data-sampling' && (chunk as DataChunk<SamplingNotice>).data.status === status;

const toolOutput = (message: AgentUIMessage) => message.parts.filter(isToolUIPart).map((part) => ('output' in part ? part.output : part.errorText));
const elicitations = (message: AgentUIMessage) => message.parts.flatMap((part) => (part.type === 'data-elicitation' ? [part.data] : []));
const samplings = (message: AgentUIMessage) => message.parts.flatMap((part) => (part.type === 'data-sampling' ? [part.data] : []));
const records = (type: string) => fixture.records().filter((record) => record.type === type);

async function autoSession(): Promise<string> {
  const id = await app.newSession();
  expect((await api.session.PATCH(new Request('http://app', patch({ permissionMode: 'auto' })), params({ id }))).status).toBe(200);
  return id;
}

function answer(sessionId: string, elicitationId: string, body: unknown) {
  return api.elicitation.POST(new Request('http://app', post(body)), params({ id: sessionId, elicitationId }));
}

/** Starts a deploy call and waits for its form. */
async function deployForm() {
  const id = await autoSession();
  const response = await app.chat(id, `Deploy ${oneCall('elicit__deploy', { service: 'api' })}`);
  expect(response.status).toBe(200);
  const stream = follow(response);
  const pending = await stream.until(elicitationChunk('pending'));
  return { id, stream, pending: pending.data };
}

describe('elicitation', () => {
  it('shows the form, refuses an answer that does not fit it, and sends an accepted one to the server', async () => {
    const before = records('elicit-result').length;
    const { id, stream, pending } = await deployForm();
    expect(pending).toMatchObject({ server: 'elicit', message: 'Where should api be deployed?', toolCallId: expect.any(String) });
    expect(pending.requestedSchema).toMatchObject({ required: ['environment', 'replicas'] });

    const wrong = await answer(id, pending.elicitationId, { action: 'accept', content: { environment: 'moon', replicas: 11 } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toBe('The answer does not fit the form: environment must be one of the choices; replicas must be at most 10.');

    const right = await answer(id, pending.elicitationId, { action: 'accept', content: { environment: 'staging', replicas: 3, notify: true } });
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ status: 'accepted' });
    await stream.end();

    const message = (await app.sessionMessages(id)).at(-1)!;
    expect(toolOutput(message)).toEqual(['Deployed api to staging with 3 replicas.']);
    expect(elicitations(message)).toEqual([expect.objectContaining({ status: 'accepted', content: { environment: 'staging', replicas: 3, notify: true } })]);
    expect(records('elicit-result').slice(before)).toEqual([expect.objectContaining({ action: 'accept', content: { environment: 'staging', replicas: 3, notify: true } })]);
    // Answered once: a second answer (another tab) is refused.
    const again = await answer(id, pending.elicitationId, { action: 'decline' });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe('This question was already answered (accepted).');
  });

  it.each([
    ['decline', 'declined', 'Deployment of api declined by the user.'],
    ['cancel', 'cancelled', 'Deployment of api cancelled by the user.'],
  ] as const)('%s goes back to the server without content', async (action, status, output) => {
    const before = records('elicit-result').length;
    const { id, stream, pending } = await deployForm();
    const response = await answer(id, pending.elicitationId, { action });
    expect(await response.json()).toEqual({ status });
    await stream.end();

    const message = (await app.sessionMessages(id)).at(-1)!;
    expect(toolOutput(message)).toEqual([output]);
    expect(elicitations(message).map((part) => part.status)).toEqual([status]);
    expect(records('elicit-result').slice(before)).toEqual([expect.objectContaining({ action, content: null })]);
  });

  it('an answer another instance recorded (nothing wakes this one) is picked up from the row', async () => {
    const { id, stream, pending } = await deployForm();
    const { getAppDb } = await import('@/lib/server/db');
    const { answerElicitation } = await import('@/db/queries/mcp-elicitations');
    const { LOCAL_OWNER_ID } = await import('@/lib/server/owner');
    expect(await answerElicitation(await getAppDb(), LOCAL_OWNER_ID, id, pending.elicitationId, { status: 'accepted', content: { environment: 'production', replicas: 1 } })).toBe(true);
    await stream.end();
    expect(toolOutput((await app.sessionMessages(id)).at(-1)!)).toEqual(['Deployed api to production with 1 replicas.']);
  });

  it('Stop while the form waits cancels it: the server gets "cancel", the card says Cancelled, a late answer is refused', async () => {
    const before = records('elicit-result').length;
    const { id, stream, pending } = await deployForm();
    const stopped = await api.stop.POST(new Request('http://app', post({})), params({ id }));
    expect(await stopped.json()).toEqual({ stopped: true });
    await stream.end();

    const message = (await app.sessionMessages(id)).at(-1)!;
    expect(message.metadata?.runEnd?.reason).toBe('cancelled');
    expect(elicitations(message)).toEqual([expect.objectContaining({ status: 'cancelled', note: 'the call ended before an answer' })]);
    await until(() => records('elicit-result').slice(before).find((record) => record.action === 'cancel'), 'the server to get "cancel"');
    const late = await answer(id, pending.elicitationId, { action: 'accept', content: { environment: 'staging', replicas: 1 } });
    expect(late.status).toBe(400);
    expect((await late.json()).error.message).toBe('This question is over: it was cancelled or its run ended.');
  });
});

describe('sampling', () => {
  it('is refused with a clear error while the server is not allowed, and the card says so', async () => {
    const before = records('sample-error').length;
    const id = await autoSession();
    const response = await app.chat(id, `Summarize ${oneCall('elicit__summarize', { text: 'the release notes' })}`);
    await response.text();

    const message = (await app.sessionMessages(id)).at(-1)!;
    const refusal = 'sampling is not enabled for MCP server "elicit"; enable it in Settings → MCP servers.';
    expect(samplings(message)).toEqual([expect.objectContaining({ status: 'refused', note: refusal })]);
    expect(records('sample-error').slice(before)).toEqual([expect.objectContaining({ message: expect.stringContaining(refusal) })]);
    expect(toolOutput(message)[0]).toContain(refusal);
  });

  it('once allowed, waits for Allow, runs on the session model, answers the server and counts in the run', async () => {
    const allowed = await api.server.PATCH(new Request('http://app', patch({ allowSampling: true })), params({ id: serverId }));
    expect((await allowed.json()).server.allowSampling).toBe(true);
    const before = records('sample-result').length;
    const id = await autoSession();
    app.scripted.reset();
    const response = await app.chat(id, `Summarize ${oneCall('elicit__summarize', { text: 'the release notes' })}`);
    const stream = follow(response);
    const pending = (await stream.until(samplingChunk('pending'))).data;
    expect(pending.request).toEqual({ systemPrompt: 'You write one-line summaries.', messages: [{ role: 'user', text: 'Summarize: the release notes' }], maxTokens: 120 });
    // Nothing reached the model before the user allowed it: only the step that called the tool.
    expect(app.scripted.requests()).toHaveLength(1);

    expect(await (await answer(id, pending.samplingId!, { action: 'accept' })).json()).toEqual({ status: 'accepted' });
    await stream.end();

    const sampled = app.scripted.requests()[1];
    expect(JSON.stringify(sampled.body)).toContain('You write one-line summaries.');
    expect(JSON.stringify(sampled.body)).toContain('Summarize: the release notes');
    const [result] = records('sample-result').slice(before);
    expect(result).toMatchObject({ text: '**Echo:** Summarize: the release notes', model: 'compat:scripted-chat', stopReason: 'endTurn' });

    const message = (await app.sessionMessages(id)).at(-1)!;
    const [card] = samplings(message);
    expect(card).toMatchObject({ status: 'completed', response: { text: '**Echo:** Summarize: the release notes', model: 'compat:scripted-chat' } });
    expect(toolOutput(message)).toEqual(['Summary: **Echo:** Summarize: the release notes']);

    // The run's usage is its model steps plus the sampling call.
    const [run] = (await (await api.runs.GET(new Request('http://app'), params({ id }))).json()).runs as RunSummary[];
    const steps = (await (await api.steps.GET(new Request('http://app'), params({ runId: run.id }))).json()).steps as RunStep[];
    const stepOutput = steps.reduce((sum, step) => sum + (step.trace.usage?.outputTokens ?? 0), 0);
    expect(card.response!.outputTokens).toBeGreaterThan(0);
    expect(run.usage?.outputTokens).toBe(stepOutput + card.response!.outputTokens);
    expect(message.metadata?.usage?.outputTokens).toBe(run.usage?.outputTokens);
  });

  it('a denied request goes back to the server as an error and nothing reaches the model', async () => {
    const before = records('sample-error').length;
    const id = await autoSession();
    app.scripted.reset();
    const stream = follow(await app.chat(id, `Summarize ${oneCall('elicit__summarize', { text: 'the minutes' })}`));
    const pending = (await stream.until(samplingChunk('pending'))).data;
    await answer(id, pending.samplingId!, { action: 'decline' });
    await stream.end();

    expect(records('sample-error').slice(before)).toEqual([expect.objectContaining({ message: expect.stringContaining('The user denied this sampling request.') })]);
    expect(app.scripted.requests()).toHaveLength(2);
    const message = (await app.sessionMessages(id)).at(-1)!;
    expect(samplings(message)).toEqual([expect.objectContaining({ status: 'denied' })]);
  });
});
