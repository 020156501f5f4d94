/**
 * MCP servers through the HTTP API, in-process: the real route handlers, a
 * fresh SQLite file, server-everything over Streamable HTTP, and chat runs
 * against the scripted model that call MCP tools through the loop.
 */
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import type { McpServerView } from '@/lib/api-types';
import { PEER_HEADER } from '@/lib/security/request-guard.mjs';
import { params, readChunks, send, setupAppHarness } from '../support/app-harness';
import { freePort, startEverythingServer, type EverythingServer } from '../support/mcp-everything';

const SECRET = 'Bearer sk-mcp-secret-value-1234';

const app = setupAppHarness({
  name: 'mcp',
  routes: ['servers', 'server', 'test', 'confirm'],
  env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: undefined, OPENAI_MODELS: undefined, MCP_ALLOW_STDIO: undefined },
});
const { api } = app;
let everything: EverythingServer;
beforeAll(async () => {
  everything = await startEverythingServer();
});
afterAll(async () => {
  await everything?.stop();
});

/** What scripts/server.mjs tells the routes about the peer: this machine, or not. */
const FROM_THIS_MACHINE = { [PEER_HEADER]: 'loopback' };
const withPeer = (init: RequestInit, local: boolean): RequestInit => (local ? { ...init, headers: { ...(init.headers as Record<string, string>), ...FROM_THIS_MACHINE } } : init);

async function createServer(body: Record<string, unknown>, { local = false } = {}): Promise<Response> {
  return api.servers.POST(new Request('http://app/api/mcp-servers', withPeer(send('POST', body), local)));
}
async function patchServer(id: string, body: Record<string, unknown>, { local = false } = {}): Promise<Response> {
  return api.server.PATCH(new Request(`http://app/api/mcp-servers/${id}`, withPeer(send('PATCH', body), local)), params({ id }));
}
async function testServer(id: string, { local = false } = {}): Promise<Response> {
  return api.test.POST(new Request('http://app', withPeer({ method: 'POST' }, local)), params({ id }));
}
async function confirmCommand(id: string, body: Record<string, unknown>, { local = false } = {}): Promise<Response> {
  return api.confirm.POST(new Request('http://app', withPeer(send('POST', body), local)), params({ id }));
}
async function listServers(): Promise<{ text: string; servers: McpServerView[] }> {
  const text = await (await api.servers.GET(new Request('http://app/api/mcp-servers'))).text();
  return { text, servers: JSON.parse(text).servers };
}
async function removeAllServers() {
  for (const server of (await listServers()).servers) {
    await api.server.DELETE(new Request('http://app', { method: 'DELETE' }), params({ id: server.id }));
  }
}

const newSession = () => app.newSession();
async function runChat(sessionId: string, text: string): Promise<{ chunks: AgentUIMessageChunk[]; message: AgentUIMessage }> {
  const response = await app.chat(sessionId, text);
  expect(response.status).toBe(200);
  const chunks = await readChunks(response);
  return { chunks, message: (await app.sessionMessages(sessionId)).at(-1)! };
}
type ToolPartLike = { type: string; state: string; output?: unknown; errorText?: string };
const toolPart = (message: AgentUIMessage, name: string) => message.parts.find((part) => part.type === `tool-${name}`) as ToolPartLike | undefined;

describe('MCP server settings API', () => {
  it('stores header secrets but answers only their names, masked, on create and list', async () => {
    await removeAllServers();
    const created = await createServer({ name: 'everything', url: everything.url, headers: [{ name: 'Authorization', value: SECRET }] });
    expect(created.status).toBe(201);
    const createdText = await created.text();
    expect(createdText).not.toContain(SECRET);
    expect(createdText).not.toContain('sk-mcp');
    expect(JSON.parse(createdText).server).toMatchObject({ name: 'everything', transport: 'http', url: everything.url, enabled: true, headers: [{ name: 'Authorization', masked: '••••••••' }] });

    const { text } = await listServers();
    expect(text).toContain('Authorization');
    expect(text).not.toContain('sk-mcp');
  });

  it('keeps the stored secret when a PATCH leaves the header value out, and never echoes it', async () => {
    const [server] = (await listServers()).servers;
    const patched = await patchServer(server.id, { enabled: false, headers: [{ name: 'Authorization' }, { name: 'X-Team', value: 'red-team-value' }] });
    expect(patched.status).toBe(200);
    const text = await patched.text();
    expect(text).not.toContain('sk-mcp');
    expect(text).not.toContain('red-team-value');
    expect(JSON.parse(text).server.headers.map((h: { name: string }) => h.name)).toEqual(['Authorization', 'X-Team']);

    const { getDb } = await import('@/db/client');
    const { getMcpServer } = await import('@/db/queries/mcp-servers');
    const { openSecret } = await import('@/lib/server/secret-box');
    const row = await getMcpServer(await getDb(), 'local', server.id);
    // Stored sealed (docs/keys-and-secrets.md), never as plaintext.
    expect(Object.values(row!.headers).every((value) => value.startsWith('enc:v1:'))).toBe(true);
    expect({ Authorization: openSecret(row!.headers.Authorization), 'X-Team': openSecret(row!.headers['X-Team']) }).toEqual({ Authorization: SECRET, 'X-Team': 'red-team-value' });
    expect(row?.enabled).toBe(false);
  });

  it('asks for the secret again when the URL moves to another host', async () => {
    const [server] = (await listServers()).servers;
    const moved = await patchServer(server.id, { url: 'http://127.0.0.2:9/mcp' });
    expect(moved.status).toBe(400);
    expect((await moved.json()).error.message).toMatch(/address changed: enter the value of Authorization again/);
    const samePlace = await patchServer(server.id, { url: everything.url.replace('/mcp', '/mcp?x=1') });
    expect(samePlace.status).toBe(200);
    expect((await patchServer(server.id, { url: everything.url, enabled: true })).status).toBe(200);
  });

  it('sends the stored headers to the MCP server', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const recorder = http.createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/mcp`;
      const created = await (await createServer({ name: 'recorder', url, headers: [{ name: 'X-Api-Key', value: 'key-for-recorder' }] })).json();
      const result = await (await api.test.POST(new Request('http://app', { method: 'POST' }), params({ id: created.server.id }))).json();
      expect(result.ok).toBe(false);
      expect(seen.some((headers) => headers['x-api-key'] === 'key-for-recorder')).toBe(true);
      await api.server.DELETE(new Request('http://app', { method: 'DELETE' }), params({ id: created.server.id }));
    } finally {
      recorder.close();
    }
  });

  it('validates names, URLs and uniqueness', async () => {
    expect((await createServer({ name: 'everything', url: everything.url })).status).toBe(409);
    expect((await createServer({ name: 'Bad_Name', url: everything.url })).status).toBe(400);
    const badUrl = await createServer({ name: 'ftp', url: 'ftp://example.com/mcp' });
    expect(badUrl.status).toBe(400);
    expect((await badUrl.json()).error.message).toMatch(/http:\/\/ or https:\/\//);
    expect((await patchServer('mcp-nope', { enabled: true })).status).toBe(404);
  });

  it('refuses stdio servers with a clear 400 unless MCP_ALLOW_STDIO is set', async () => {
    const refused = await createServer({ name: 'local', transport: 'stdio', command: 'node', args: ['server.js'] }, { local: true });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toMatch(/stdio MCP servers are disabled.*MCP_ALLOW_STDIO=1/);

    process.env.MCP_ALLOW_STDIO = '1';
    try {
      const allowed = await createServer({ name: 'local', transport: 'stdio', command: 'node', args: ['server.js'], enabled: false }, { local: true });
      expect(allowed.status).toBe(201);
      const { server } = await allowed.json();
      delete process.env.MCP_ALLOW_STDIO;
      expect((await testServer(server.id, { local: true })).status).toBe(400);
      expect((await patchServer(server.id, { enabled: true }, { local: true })).status).toBe(400);
      await api.server.DELETE(new Request('http://app', { method: 'DELETE' }), params({ id: server.id }));
    } finally {
      delete process.env.MCP_ALLOW_STDIO;
    }
  });

  describe('stdio servers are the operator\'s alone', () => {
    const marker = path.join(os.tmpdir(), `mcp-stdio-marker-${process.pid}-${Date.now()}`);
    const command = { command: process.execPath, args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`] };
    beforeAll(() => {
      process.env.MCP_ALLOW_STDIO = '1';
    });
    afterAll(async () => {
      delete process.env.MCP_ALLOW_STDIO;
      rmSync(marker, { force: true });
      await removeAllServers();
      await createServer({ name: 'everything', url: everything.url });
    });

    it('refuses to create or change a stdio server from anywhere but this machine', async () => {
      const remote = await createServer({ name: 'remote-stdio', transport: 'stdio', ...command });
      expect(remote.status).toBe(403);
      expect((await remote.json()).error.code).toBe('local_only');
      expect((await listServers()).servers.map((server) => server.name)).not.toContain('remote-stdio');

      const created = await (await createServer({ name: 'local-stdio', transport: 'stdio', ...command, enabled: false }, { local: true })).json();
      expect((await patchServer(created.server.id, { args: ['-e', 'process.exit(0)'] })).status).toBe(403);
      expect((await patchServer(created.server.id, { enabled: true })).status).toBe(403);
      // An http server cannot be turned into a stdio one from afar either.
      const web = await (await createServer({ name: 'web', url: everything.url, enabled: false })).json();
      expect((await patchServer(web.server.id, { transport: 'stdio', command: 'sh' })).status).toBe(403);
      expect(existsSync(marker)).toBe(false);
    });

    it('shows the exact command and runs it only after the operator confirms that command', async () => {
      const created = await (await createServer({ name: 'confirm-me', transport: 'stdio', ...command, enabled: false }, { local: true })).json();
      expect(created.server).toMatchObject({ commandConfirmed: false, commandLine: expect.stringContaining(" -e 'require(") });
      expect(created.server.commandLine).toContain(process.execPath);

      const early = await testServer(created.server.id, { local: true });
      expect(early.status).toBe(409);
      expect((await early.json()).error.code).toBe('command_unconfirmed');
      expect(existsSync(marker)).toBe(false);

      // Confirming needs this machine, and the very command line that was shown.
      expect((await confirmCommand(created.server.id, command)).status).toBe(403);
      expect((await confirmCommand(created.server.id, { ...command, args: ['-e', ''] }, { local: true })).status).toBe(409);
      const confirmed = await confirmCommand(created.server.id, command, { local: true });
      expect(confirmed.status).toBe(200);
      expect((await confirmed.json()).server.commandConfirmed).toBe(true);

      expect((await testServer(created.server.id)).status).toBe(403);
      const ran = await (await testServer(created.server.id, { local: true })).json();
      expect(ran.ok).toBe(false); // the command is no MCP server, but it did run
      expect(existsSync(marker)).toBe(true);

      // Changing the command asks again.
      const changed = await (await patchServer(created.server.id, { args: ['-e', 'process.exit(1)'] }, { local: true })).json();
      expect(changed.server.commandConfirmed).toBe(false);
      expect((await testServer(created.server.id, { local: true })).status).toBe(409);
    });
  });

  it('tests a connection: the tools with their permission class, or the reason it failed', async () => {
    const [server] = (await listServers()).servers;
    const ok = await (await api.test.POST(new Request('http://app', { method: 'POST' }), params({ id: server.id }))).json();
    expect(ok.ok).toBe(true);
    expect(ok.tools).toContainEqual(expect.objectContaining({ name: 'everything__echo', toolName: 'echo', permission: 'read' }));
    expect(ok.tools).toContainEqual(expect.objectContaining({ name: 'everything__toggle-simulated-logging', permission: 'external' }));

    const closedPort = await freePort();
    const down = await (await createServer({ name: 'down', url: `http://127.0.0.1:${closedPort}/mcp`, enabled: false })).json();
    const failed = await (await api.test.POST(new Request('http://app', { method: 'POST' }), params({ id: down.server.id }))).json();
    expect(failed).toEqual({ ok: false, error: expect.stringMatching(/"down" refused the connection/) });
  });
});

describe('MCP tools in chat runs', () => {
  it('calls an MCP tool through the loop and shows its output', async () => {
    const id = await newSession();
    app.scripted.reset();
    const { message } = await runChat(id, 'Echo [[scenario:tool?tool=everything__echo&args={"message":"hello from the loop"}]]');
    const part = toolPart(message, 'everything__echo');
    expect(part?.state).toBe('output-available');
    expect(part?.output).toBe('Echo: hello from the loop');
    const text = message.parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('');
    expect(text).toContain('Echo: hello from the loop');
    const offered = JSON.stringify(app.scripted.requests()[0].body.tools);
    expect(offered).toContain('everything__echo');
    expect(offered).toContain('everything__get-sum');
    expect(message.metadata?.runEnd?.reason).toBe('completed');
  });

  it('keeps the run going without a server that is down, and says so in the run', async () => {
    const down = (await listServers()).servers.find((server) => server.name === 'down')!;
    await patchServer(down.id, { enabled: true });
    try {
      const id = await newSession();
      const { chunks, message } = await runChat(id, 'Sum [[scenario:tool?tool=everything__get-sum&args={"a":2,"b":40}]]');
      const notice = message.parts.find((part) => part.type === 'data-tool-notice') as { data: { source: string; message: string } } | undefined;
      expect(notice?.data).toEqual({ source: 'MCP · down', message: expect.stringMatching(/refused the connection.*not available in this run/) });
      expect(chunks.findIndex((c) => c.type === 'data-tool-notice')).toBeLessThan(chunks.findIndex((c) => c.type === 'tool-input-start'));
      expect(toolPart(message, 'everything__get-sum')?.output).toContain('is 42');
      expect(message.metadata?.runEnd?.reason).toBe('completed');
    } finally {
      await patchServer(down.id, { enabled: false });
    }
  });

  it('checks arguments against the tool schema before calling the server: an error the model reads, and the run completes', async () => {
    const id = await newSession();
    const { message } = await runChat(id, 'Bad sum [[scenario:tool?tool=everything__get-sum&args={"a":"two"}]]');
    const part = toolPart(message, 'everything__get-sum');
    expect(part?.state).toBe('output-error');
    expect(part?.errorText).toBe('Invalid arguments for everything__get-sum: /a must be number; missing required property b');
    expect(message.metadata?.runEnd?.reason).toBe('completed');
  });

  it('times out a slow MCP call with a clear error and completes the run', async () => {
    const id = await newSession();
    await api.session.PATCH(new Request('http://app', send('PATCH', { settings: { toolTimeoutMs: 800 } })), params({ id }));
    const started = Date.now();
    const { message } = await runChat(id, 'Slow [[scenario:tool?tool=everything__trigger-long-running-operation&args={"duration":10,"steps":2}]]');
    expect(Date.now() - started).toBeLessThan(8_000);
    const part = toolPart(message, 'everything__trigger-long-running-operation');
    expect(part?.state).toBe('output-error');
    expect(part?.errorText).toMatch(/timed out after 800 ms/);
    expect(message.metadata?.runEnd?.reason).toBe('completed');
  });

  it('times a call out by the server\'s own tool timeout when it has one', async () => {
    const everythingServer = (await listServers()).servers.find((server) => server.name === 'everything')!;
    expect((await patchServer(everythingServer.id, { toolTimeoutMs: 5 })).status).toBe(400);
    const patched = await (await patchServer(everythingServer.id, { toolTimeoutMs: 1_000 })).json();
    expect(patched.server.toolTimeoutMs).toBe(1_000);
    try {
      const id = await newSession(); // the session keeps its default tool timeout (120 s)
      const started = Date.now();
      const { message } = await runChat(id, 'Slow [[scenario:tool?tool=everything__trigger-long-running-operation&args={"duration":10,"steps":2}]]');
      expect(Date.now() - started).toBeLessThan(8_000);
      const part = toolPart(message, 'everything__trigger-long-running-operation');
      expect(part?.state).toBe('output-error');
      expect(part?.errorText).toMatch(/timed out after 1 s/);
      expect(message.metadata?.runEnd?.reason).toBe('completed');
    } finally {
      const reset = await (await patchServer(everythingServer.id, { toolTimeoutMs: null })).json();
      expect(reset.server.toolTimeoutMs).toBeNull();
    }
  });

  it('never puts a header secret into a session', async () => {
    const id = await newSession();
    await runChat(id, 'Echo [[scenario:tool?tool=everything__echo&args={"message":"x"}]]');
    const body = await (await api.session.GET(new Request('http://app'), params({ id }))).text();
    expect(body).not.toContain('sk-mcp');
    expect(JSON.stringify(app.scripted.requests())).not.toContain('sk-mcp');
  });
});
