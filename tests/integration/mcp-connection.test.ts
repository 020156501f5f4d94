/**
 * The live MCP connection against a real fixture server (tests/support/mcp/core-server.mjs),
 * over stdio and Streamable HTTP: a server killed mid-call ends the call at once with an
 * error naming it, a reconnect follows, cancellation reaches the server, progress and log
 * lines become the call's data part, and list_changed shows in refresh().
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessageChunk } from '@/lib/agent/messages';
import type { McpServerConfig } from '@/lib/mcp/connect';
import { loadMcpTools, type McpToolSet } from '@/lib/mcp/mcp-tools';
import { commandFingerprint } from '@/lib/mcp/stdio-command';
import type { McpServerStatus } from '@/lib/mcp/types';
import { mcpStdioFixture, startMcpFixture, type McpFixture, until } from '../support/mcp/launch';

const FAST_RECONNECT = [50, 100, 200];
type Chunk = Extract<AgentUIMessageChunk, { type: `data-${string}` }>;

beforeAll(() => {
  process.env.MCP_ALLOW_STDIO = '1';
});

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
});

function httpServer(fixture: McpFixture, name = 'core'): McpServerConfig {
  return { name, transport: 'http', url: fixture.url, headers: {}, command: null, args: [], confirmedCommand: null };
}

function stdioServer(name = 'core') {
  const fixture = mcpStdioFixture('core-server');
  const command = { command: fixture.command, args: fixture.args };
  // Confirmed by the operator, as Settings does (lib/mcp/stdio-command.ts).
  const config: McpServerConfig = { name, transport: 'stdio', url: null, headers: {}, ...command, confirmedCommand: commandFingerprint(command) };
  return { fixture, config };
}

async function load(servers: McpServerConfig[], statuses: McpServerStatus[] = []): Promise<McpToolSet> {
  const set = await loadMcpTools(servers, { reconnectDelaysMs: FAST_RECONNECT, onStatus: (_server, status) => statuses.push(status) });
  cleanup.push(() => set.close());
  return set;
}

function call(set: McpToolSet, name: string, input: Record<string, unknown>, options: { signal?: AbortSignal; chunks?: Chunk[]; toolCallId?: string } = {}) {
  const tool = set.tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name} in ${set.tools.map((t) => t.name).join(', ')}`);
  return tool.execute(input, {
    toolCallId: options.toolCallId ?? `call-${name}`,
    signal: options.signal ?? new AbortController().signal,
    emit: (chunk) => options.chunks?.push(chunk),
  });
}

async function start(transport: 'stdio' | 'http') {
  if (transport === 'stdio') {
    const { fixture, config } = stdioServer();
    return { config, records: fixture.records, restart: async () => {} };
  }
  const fixture = await startMcpFixture('core-server');
  cleanup.push(() => fixture.stop());
  let current = fixture;
  return {
    config: httpServer(fixture),
    records: () => current.records(),
    restart: async () => {
      current = await startMcpFixture('core-server', { port: fixture.port });
      cleanup.push(() => current.stop());
    },
  };
}

describe.each(['stdio', 'http'] as const)('an MCP server over %s', (transport) => {
  it('sends notifications/cancelled when the call is aborted (Stop, a timeout)', async () => {
    const server = await start(transport);
    const set = await load([server.config]);
    const controller = new AbortController();
    const running = call(set, 'core__slow', { seconds: 30 }, { signal: controller.signal });
    const started = await until(() => server.records().find((event) => event.type === 'started'), 'the call to start');
    controller.abort(new Error('operation cancelled by user'));
    await expect(running).rejects.toThrow();
    const cancelled = await until(() => server.records().find((event) => event.type === 'cancelled'), 'the server to hear the cancellation');
    expect(cancelled.requestId).toBe(started.requestId);
    expect(cancelled.reason).toContain('operation cancelled by user');
  });


  it("writes the call's progress and the server's log lines as one data-tool-progress part", async () => {
    const server = await start(transport);
    const set = await load([server.config]);
    const chunks: Chunk[] = [];
    await expect(call(set, 'core__index-files', { steps: 4, delayMs: 20 }, { chunks, toolCallId: 'call-7' })).resolves.toBe('indexed 40 files');
    const progress = chunks.filter((chunk) => chunk.type === 'data-tool-progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((chunk) => chunk.id === 'progress-call-7')).toBe(true);
    expect(progress.at(-1)?.data).toEqual({
      toolCallId: 'call-7',
      progress: 4,
      total: 4,
      message: 'Indexing batch 4 of 4',
      logs: [1, 2, 3, 4].map((step) => ({ level: 'info', logger: 'indexer', text: `indexed batch ${step} of 4` })),
    });
  });
});

describe('an MCP server over Streamable HTTP', () => {
  const transport = 'http';

  it('ends a call at once when the server is killed mid-call, names the server, and reconnects for the next call', async () => {
    const server = await start(transport);
    const statuses: McpServerStatus[] = [];
    const set = await load([server.config], statuses);
    const chunks: Chunk[] = [];
    const running = call(set, 'core__slow', { seconds: 30 }, { chunks });
    const started = await until(() => server.records().find((event) => event.type === 'started'), 'the call to start');

    const killedAt = Date.now();
    process.kill(Number(started.pid), 'SIGKILL');
    await expect(running).rejects.toThrow('MCP server "core" closed the connection while slow was running.');
    expect(Date.now() - killedAt).toBeLessThan(2_000);
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'data-tool-notice', data: { source: 'MCP · core', message: 'MCP server "core" went away; reconnecting.' } }));
    expect(statuses.map((status) => status.state)).toEqual(['connected', 'reconnecting']);

    await server.restart();
    await expect(call(set, 'core__get-sum', { a: 2, b: 40 })).resolves.toBe('The sum of 2 and 40 is 42.');
    expect(statuses.at(-1)?.state).toBe('connected');
    const refreshed = await set.refresh();
    expect(refreshed?.notices).toContainEqual({ server: 'core', message: 'MCP server "core" reconnected.' });
  });

  it('cancels the calls still in flight when the run ends (close), so the server stops working', async () => {
    const server = await start(transport);
    const set = await load([server.config]);
    const running = call(set, 'core__slow', { seconds: 30 }).catch((error: unknown) => error);
    await until(() => server.records().find((event) => event.type === 'started'), 'the call to start');
    await set.close();
    expect(await running).toBeInstanceOf(Error);
    await until(() => server.records().find((event) => event.type === 'cancelled'), 'the server to hear the cancellation');
  });

  it('reports a tools/list_changed at the next refresh(), with what was added', async () => {
    const server = await start(transport);
    const set = await load([server.config]);
    expect(await set.refresh()).toBeNull();
    expect(set.tools.some((tool) => tool.name === 'core__late-tool')).toBe(false);
    await call(set, 'core__add-tool', {});
    // The notification may arrive just after the call's result.
    let result = await set.refresh();
    for (let tries = 0; !result && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      result = await set.refresh();
    }
    if (!result) throw new Error('no tools/list_changed arrived');
    expect(result.notices).toEqual([{ server: 'core', message: 'MCP server "core" changed its tools: added late-tool.' }]);
    expect(result.tools.map((tool) => tool.name)).toContain('core__late-tool');
    await expect(call({ ...set, tools: result.tools }, 'core__late-tool', { word: 'hi' })).resolves.toBe('late-tool says hi');
    expect(await set.refresh()).toBeNull();
  });
});

describe('a server that does not come back', () => {
  it('gives up after the last attempt, says so at the next refresh(), and reports the server failed', async () => {
    const fixture = await startMcpFixture('core-server');
    cleanup.push(() => fixture.stop());
    const statuses: McpServerStatus[] = [];
    const set = await load([httpServer(fixture)], statuses);
    const chunks: Chunk[] = [];
    const running = call(set, 'core__slow', { seconds: 30 }, { chunks });
    const started = await until(() => fixture.records().find((event) => event.type === 'started'), 'the call to start');
    process.kill(Number(started.pid), 'SIGKILL');
    await expect(running).rejects.toThrow('closed the connection while slow was running');
    await until(() => statuses.find((status) => status.state === 'failed'), 'the reconnect to give up');
    expect(statuses.map((status) => status.state)).toEqual(['connected', 'reconnecting', 'failed']);
    expect(statuses.at(-1)?.message).toMatch(/refused the connection/);
    const refreshed = await set.refresh();
    expect(refreshed?.notices).toEqual([{ server: 'core', message: expect.stringMatching(/^MCP server "core" gave up reconnecting \(3 attempts\): refused the connection/) }]);
    await expect(call(set, 'core__get-sum', { a: 1, b: 2 })).rejects.toThrow(/MCP server "core" is not reachable/);
  });
});

describe('an SSE server (the older transport)', () => {
  it('lists and calls its tools through the official client', async () => {
    const { SSEServerTransport } = await import('@modelcontextprotocol/sdk/server/sse.js');
    const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
    const { z } = await import('zod');
    const transports = new Map<string, InstanceType<typeof SSEServerTransport>>();
    const server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'GET' && url.pathname === '/sse') {
        const transport = new SSEServerTransport('/messages', res);
        transports.set(transport.sessionId, transport);
        const mcp = new McpServer({ name: 'sse-fixture', version: '1.0.0' });
        mcp.registerTool('shout', { inputSchema: { word: z.string() }, annotations: { readOnlyHint: true } }, async ({ word }) => ({ content: [{ type: 'text', text: word.toUpperCase() }] }));
        await mcp.connect(transport);
        return;
      }
      const transport = transports.get(url.searchParams.get('sessionId') ?? '');
      if (req.method === 'POST' && url.pathname === '/messages' && transport) return void transport.handlePostMessage(req, res);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    server.on('connection', (socket) => cleanup.push(async () => void socket.destroy()));
    const { port } = server.address() as AddressInfo;
    const set = await load([{ name: 'legacy', transport: 'sse', url: `http://127.0.0.1:${port}/sse`, headers: {}, command: null, args: [], confirmedCommand: null }]);
    expect(set.notices).toEqual([]);
    await expect(call(set, 'legacy__shout', { word: 'hello' })).resolves.toBe('HELLO');
  });
});
