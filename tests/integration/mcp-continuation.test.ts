/**
 * MCP calls and approval continuations (issue 15: "Stop, a per-tool timeout, or a denied
 * continuation sends notifications/cancelled for each call in flight"), through the app with
 * tests/support/mcp/core-server.mjs as a real process over Streamable HTTP:
 * - a read-only MCP call in the same parallel batch as a call that asks: the run does not stop
 *   to ask while the MCP call runs (it waits for it), so a denial later finds nothing in flight;
 * - a continuation that denies one call and runs the approved MCP call: Stop during it sends
 *   notifications/cancelled for that call, and the denied call never runs;
 * - Stop with two MCP calls in flight at once cancels each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { params, post, send, setupAppHarness } from '../support/app-harness';
import { startMcpFixture, type McpFixture, until } from '../support/mcp/launch';

const app = setupAppHarness({
  name: 'mcp-continuation',
  routes: ['servers', 'server', 'stop'],
  env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: undefined, OPENAI_MODELS: undefined },
});
const { api } = app;

let fixture: McpFixture;
beforeAll(async () => {
  fixture = await startMcpFixture('core-server');
  const created = await api.servers.POST(new Request('http://app/api/mcp-servers', send('POST', { name: 'core', url: fixture.url })));
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await fixture?.stop();
});

type ToolPartLike = { type: string; state: string; toolCallId: string; approval?: { id: string; signature?: string }; errorText?: string };
const toolPart = (message: AgentUIMessage, name: string) => message.parts.find((part) => part.type === `tool-${name}`) as ToolPartLike;
const lastMessage = async (id: string) => (await app.sessionMessages(id)).at(-1)!;
const FETCH = { url: 'https://example.com/page' };
const twoCalls = (tool1: string, args1: unknown) =>
  `Do both [[scenario:parallel-tools?tool1=${tool1}&args1=${encodeURIComponent(JSON.stringify(args1))}&tool2=fetch_url&args2=${encodeURIComponent(JSON.stringify(FETCH))}&text=Done.]]`;

async function askSession(): Promise<string> {
  const id = await app.newSession();
  const patched = await api.session.PATCH(new Request('http://app', send('PATCH', { permissionMode: 'ask' })), params({ id }));
  expect(patched.status).toBe(200);
  return id;
}

function answer(id: string, approvals: Array<{ part: ToolPartLike; approved: boolean }>): Promise<Response> {
  const body = { sessionId: id, approvals: approvals.map(({ part, approved }) => ({ approvalId: part.approval!.id, signature: part.approval!.signature, approved })) };
  return api.chat.POST(new Request('http://app/api/chat', post(body)));
}

describe('MCP calls and approval continuations', () => {
  it('a read-only MCP call next to a call that asks is over before the run waits for the answer; the denial finds nothing in flight', async () => {
    const id = await askSession();
    const before = fixture.records().length;
    const response = await app.chat(id, twoCalls('core__slow', { seconds: 0.3 }));
    expect(response.status).toBe(200);
    await response.text();
    const asked = await lastMessage(id);
    expect(asked.metadata?.runEnd?.reason).toBe('awaiting-approval');
    expect(toolPart(asked, 'core__slow')).toMatchObject({ state: 'output-available' });
    expect(toolPart(asked, 'fetch_url')).toMatchObject({ state: 'approval-requested' });
    const events = () => fixture.records().slice(before);
    expect(events().map((event) => event.type)).toEqual(['started', 'finished']);

    const denied = await answer(id, [{ part: toolPart(asked, 'fetch_url'), approved: false }]);
    expect(denied.status).toBe(200);
    await denied.text();
    const after = await lastMessage(id);
    expect(toolPart(after, 'fetch_url')).toMatchObject({ state: 'output-denied' });
    expect(after.metadata?.runEnd?.reason).toBe('completed');
    expect(events().map((event) => event.type)).toEqual(['started', 'finished']);
  });

  it('Stop during a continuation that denied one call sends notifications/cancelled for the approved MCP call in flight', async () => {
    const id = await askSession();
    const before = fixture.records().length;
    const response = await app.chat(id, twoCalls('core__slow-change', { seconds: 30 }));
    await response.text();
    const asked = await lastMessage(id);
    expect(asked.metadata?.runEnd?.reason).toBe('awaiting-approval');
    const events = () => fixture.records().slice(before);
    expect(events()).toEqual([]);

    const continuation = answer(id, [
      { part: toolPart(asked, 'core__slow-change'), approved: true },
      { part: toolPart(asked, 'fetch_url'), approved: false },
    ]);
    const started = await until(() => events().find((event) => event.type === 'started'), 'the approved call to start');
    expect(await (await api.stop.POST(new Request('http://app', { method: 'POST' }), params({ id }))).json()).toEqual({ stopped: true });
    const cancelled = await until(() => events().find((event) => event.type === 'cancelled'), 'the server to hear the cancellation');
    expect(cancelled.requestId).toBe(started.requestId);
    await (await continuation).text();
    const after = await lastMessage(id);
    expect(after.metadata?.runEnd?.reason).toBe('cancelled');
    expect(toolPart(after, 'fetch_url')).toMatchObject({ state: 'output-denied' });
    expect(toolPart(after, 'core__slow-change')).toMatchObject({ state: 'output-error' });
    expect(events().some((event) => event.type === 'finished')).toBe(false);
  });

  it('Stop with two MCP calls running in parallel sends notifications/cancelled for each', async () => {
    const id = await app.newSession();
    const before = fixture.records().length;
    const slow = encodeURIComponent(JSON.stringify({ seconds: 30 }));
    const run = app.chat(id, `Both [[scenario:parallel-tools?tool1=core__slow&args1=${slow}&tool2=core__slow&args2=${slow}&text=Done.]]`);
    const events = () => fixture.records().slice(before);
    const started = await until(() => (events().filter((event) => event.type === 'started').length === 2 ? events().filter((event) => event.type === 'started') : undefined), 'both calls to start');
    expect(await (await api.stop.POST(new Request('http://app', { method: 'POST' }), params({ id }))).json()).toEqual({ stopped: true });
    const cancelled = await until(() => (events().filter((event) => event.type === 'cancelled').length === 2 ? events().filter((event) => event.type === 'cancelled') : undefined), 'both cancellations');
    expect(new Set(cancelled.map((event) => event.requestId))).toEqual(new Set(started.map((event) => event.requestId)));
    await (await run).text();
    expect((await lastMessage(id)).metadata?.runEnd?.reason).toBe('cancelled');
  });
});
