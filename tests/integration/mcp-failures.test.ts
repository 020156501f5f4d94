/**
 * MCP failures, cancellation, progress and live tool lists through the app: the
 * real routes and run, the scripted model, and tests/support/mcp/core-server.mjs
 * as a real process over Streamable HTTP or stdio, killed with SIGKILL where a
 * test says so.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import type { McpServerView } from '@/lib/api-types';
import { PEER_HEADER } from '@/lib/security/request-guard.mjs';
import { params, send, setupAppHarness } from '../support/app-harness';
import { mcpStdioFixture, startMcpFixture, type McpFixture, until } from '../support/mcp/launch';

const app = setupAppHarness({
  name: 'mcp-failures',
  routes: ['servers', 'server', 'confirm', 'stop'],
  env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: undefined, OPENAI_MODELS: undefined, MCP_ALLOW_STDIO: '1' },
});
const { api } = app;
const FROM_THIS_MACHINE = { [PEER_HEADER]: 'loopback' };

let http: McpFixture;
beforeAll(async () => {
  http = await startMcpFixture('core-server');
});
afterAll(async () => {
  await http?.stop();
});
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const server of await listServers()) await api.server.DELETE(new Request('http://app', { method: 'DELETE' }), params({ id: server.id }));
});

async function listServers(): Promise<McpServerView[]> {
  return (await (await api.servers.GET(new Request('http://app/api/mcp-servers'))).json()).servers;
}

async function addHttpServer(url: string): Promise<McpServerView> {
  const created = await api.servers.POST(new Request('http://app/api/mcp-servers', send('POST', { name: 'core', url })));
  expect(created.status).toBe(201);
  return (await created.json()).server;
}

/** A stdio server as the operator adds it: from this machine, its command confirmed. */
async function addStdioServer() {
  const fixture = mcpStdioFixture('core-server');
  const command = { command: fixture.command, args: fixture.args };
  const local = (init: RequestInit): RequestInit => ({ ...init, headers: { ...(init.headers as Record<string, string>), ...FROM_THIS_MACHINE } });
  const created = await api.servers.POST(new Request('http://app/api/mcp-servers', local(send('POST', { name: 'core', transport: 'stdio', ...command }))));
  expect(created.status).toBe(201);
  const { server } = await created.json();
  expect((await api.confirm.POST(new Request('http://app', local(send('POST', command))), params({ id: server.id }))).status).toBe(200);
  return fixture;
}

/** A chat whose chunks are read as they come, each with the time it arrived. */
function streamChat(sessionId: string, text: string) {
  const chunks: Array<{ chunk: AgentUIMessageChunk; at: number }> = [];
  const done = (async () => {
    const response = await app.chat(sessionId, text);
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += value;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('data: ') && line !== 'data: [DONE]') chunks.push({ chunk: JSON.parse(line.slice(6)), at: Date.now() });
      }
    }
  })();
  return { chunks, done };
}

type ToolPartLike = { type: string; state: string; output?: unknown; errorText?: string };
const toolPart = (message: AgentUIMessage, name: string) => message.parts.find((part) => part.type === `tool-${name}`) as ToolPartLike | undefined;
const notices = (message: AgentUIMessage) => message.parts.flatMap((part) => (part.type === 'data-tool-notice' ? [part.data.message] : []));
const lastMessage = async (id: string) => (await app.sessionMessages(id)).at(-1)!;
const SLOW = 'Slow [[scenario:tool?tool=core__slow&args={"seconds":30}&answer=The%20run%20went%20on.]]';

describe.each(['http', 'stdio'] as const)('a server killed mid-call (%s)', (transport) => {
  it('fails the card within 2 s with the server named, the run goes on, and a later run reconnects', async () => {
    let records: () => Array<Record<string, unknown>>;
    let server: McpServerView | undefined;
    let own: McpFixture | undefined;
    if (transport === 'http') {
      own = await startMcpFixture('core-server');
      stops.push(async () => own!.stop());
      server = await addHttpServer(own.url);
      records = () => own!.records();
    } else {
      records = (await addStdioServer()).records;
    }
    const id = await app.newSession();
    const run = streamChat(id, SLOW);
    const started = await until(() => records().find((event) => event.type === 'started'), 'the call to start');
    const killedAt = Date.now();
    process.kill(Number(started.pid), 'SIGKILL');

    const failed = await until(() => run.chunks.find(({ chunk }) => chunk.type === 'tool-output-error'), 'the card to fail');
    expect(failed.at - killedAt).toBeLessThan(2_000);
    await run.done;
    const message = await lastMessage(id);
    expect(toolPart(message, 'core__slow')).toMatchObject({ state: 'output-error', errorText: 'core__slow failed: MCP server "core" closed the connection while slow was running.' });
    expect(notices(message)).toContain('MCP server "core" went away; reconnecting.');
    expect(message.parts.some((part) => part.type === 'text' && part.text.includes('The run went on.'))).toBe(true);
    expect(message.metadata?.runEnd?.reason).toBe('completed');
    if (server) {
      const stored = (await listServers()).find((candidate) => candidate.id === server.id);
      expect(stored?.status?.state).toMatch(/reconnecting|failed/);
    }

    // The server is back (stdio: the app starts it again), so the next run's call works.
    if (own) {
      own = await startMcpFixture('core-server', { port: own.port });
      const restarted = own;
      stops.push(() => restarted.stop());
    }
    const next = streamChat(id, 'Sum [[scenario:tool?tool=core__get-sum&args={"a":2,"b":40}]]');
    await next.done;
    expect(toolPart(await lastMessage(id), 'core__get-sum')?.output).toBe('The sum of 2 and 40 is 42.');
    if (server) expect((await listServers()).find((candidate) => candidate.id === server.id)?.status?.state).toBe('connected');
  });
});

describe('calls in flight', () => {
  it('Stop sends notifications/cancelled to the server for the running call', async () => {
    await addHttpServer(http.url);
    const before = http.records().length;
    const id = await app.newSession();
    const run = streamChat(id, SLOW);
    const started = await until(() => http.records().slice(before).find((event) => event.type === 'started'), 'the call to start');
    expect(await (await api.stop.POST(new Request('http://app', { method: 'POST' }), params({ id }))).json()).toEqual({ stopped: true });
    const cancelled = await until(() => http.records().slice(before).find((event) => event.type === 'cancelled'), 'the server to hear the cancellation');
    expect(cancelled.requestId).toBe(started.requestId);
    await run.done;
    const message = await lastMessage(id);
    expect(message.metadata?.runEnd?.reason).toBe('cancelled');
    expect(http.records().slice(before).some((event) => event.type === 'finished')).toBe(false);
  });

  it('the tool timeout sends notifications/cancelled too, and the run goes on', async () => {
    await addHttpServer(http.url);
    const before = http.records().length;
    const id = await app.newSession();
    await api.session.PATCH(new Request('http://app', send('PATCH', { settings: { toolTimeoutMs: 500 } })), params({ id }));
    const run = streamChat(id, SLOW);
    await run.done;
    const cancelled = await until(() => http.records().slice(before).find((event) => event.type === 'cancelled'), 'the server to hear the cancellation');
    expect(cancelled.reason).toContain('timed out after 500 ms');
    const message = await lastMessage(id);
    expect(toolPart(message, 'core__slow')).toMatchObject({ state: 'output-error', errorText: 'core__slow timed out after 500 ms' });
    expect(message.metadata?.runEnd?.reason).toBe('completed');
  });

  it("keeps the call's progress and the server's log lines on the message", async () => {
    await addHttpServer(http.url);
    const id = await app.newSession();
    const run = streamChat(id, 'Index [[scenario:tool?tool=core__index-files&args={"steps":3,"delayMs":30}]]');
    await run.done;
    const message = await lastMessage(id);
    const call = message.parts.find((part) => part.type === 'tool-core__index-files') as { toolCallId: string; output: unknown };
    expect(call.output).toBe('indexed 30 files');
    const progress = message.parts.filter((part) => part.type === 'data-tool-progress');
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({
      id: `progress-${call.toolCallId}`,
      data: {
        toolCallId: call.toolCallId,
        progress: 3,
        total: 3,
        message: 'Indexing batch 3 of 3',
        logs: [1, 2, 3].map((step) => ({ level: 'info', logger: 'indexer', text: `indexed batch ${step} of 3` })),
      },
    });
    // Streamed while the call ran, before its result.
    const streamed = run.chunks.map(({ chunk }) => chunk.type);
    expect(streamed.indexOf('data-tool-progress')).toBeLessThan(streamed.indexOf('tool-output-available'));
  });

  it('refreshes the tool list at the next step after list_changed, and says so', async () => {
    await addStdioServer();
    const id = await app.newSession();
    const calls = encodeURIComponent(JSON.stringify([{ tool: 'core__add-tool', args: {} }, { tool: 'core__late-tool', args: { word: 'hi' } }]));
    const run = streamChat(id, `Grow [[scenario:sequence?calls=${calls}]]`);
    await run.done;
    const message = await lastMessage(id);
    expect(toolPart(message, 'core__add-tool')?.output).toBe('added late-tool');
    expect(notices(message)).toContain('MCP server "core" changed its tools: added late-tool.');
    expect(toolPart(message, 'core__late-tool')).toMatchObject({ state: 'output-available', output: 'late-tool says hi' });
    const offered = app.scripted.requests().slice(-2).map((request) => JSON.stringify(request.body.tools));
    expect(offered[0]).toContain('core__late-tool');
  });
});
