/**
 * OAuth for remote MCP servers, in-process: the real route handlers and a fresh SQLite
 * file against tests/support/mcp/oauth-server.mjs (the official SDK's mcpAuthRouter and
 * requireBearerAuth: discovery, dynamic client registration, PKCE, refresh, revocation).
 * The browser's part (the authorization page's "Approve") is two plain HTTP requests here;
 * tests/e2e/mcp-oauth.spec.ts walks it in Chromium.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { params, readChunks, send, setupAppHarness } from '../support/app-harness';
import { startMcpFixture, type McpFixture } from '../support/mcp/launch';

const app = setupAppHarness({
  name: 'mcp-oauth',
  routes: ['servers', 'server', 'test', 'oauth', 'oauthStart', 'oauthCallback', 'oauthDisconnect', 'exportSession'],
  env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: undefined, OPENAI_MODELS: undefined },
});
const { api } = app;
const BASE = 'http://localhost:3000';

let fixture: McpFixture;
let serverId = '';
beforeAll(async () => {
  fixture = await startMcpFixture('oauth-server');
  const created = await api.servers.POST(new Request(`${BASE}/api/mcp-servers`, send('POST', { name: 'secured', url: fixture.url })));
  expect(created.status).toBe(201);
  serverId = (await created.json()).server.id;
});
afterAll(async () => {
  await fixture?.stop();
});

const forServer = () => params({ id: serverId });
const origin = () => new URL(fixture.url).origin;

async function status() {
  return (await (await api.oauth.GET(new Request(`${BASE}/api/mcp-servers/${serverId}/oauth`), forServer())).json()).oauth;
}

async function testConnection(): Promise<{ ok: boolean; error?: string; tools?: Array<{ name: string }> }> {
  return (await api.test.POST(new Request(`${BASE}/api/mcp-servers/${serverId}/test`, { method: 'POST' }), forServer())).json();
}

/** "Connect", then the user approves on the authorization server's page: answers the callback address it sends the browser to. */
async function authorize(): Promise<string> {
  const start = await api.oauthStart.POST(new Request(`${BASE}/api/mcp-servers/${serverId}/oauth/start`, { method: 'POST' }), forServer());
  expect(start.status).toBe(200);
  const { authorizationUrl } = await start.json();
  expect(authorizationUrl).toMatch(new RegExp(`^${origin()}/authorize\\?`));
  const query = new URL(authorizationUrl).searchParams;
  expect(query.get('code_challenge_method')).toBe('S256');
  expect(query.get('redirect_uri')).toBe(`${BASE}/api/mcp-servers/${serverId}/oauth/callback`);
  const page = await (await fetch(authorizationUrl)).text();
  const approvalId = /name="id" value="([^"]+)"/.exec(page)?.[1];
  expect(approvalId).toBeTruthy();
  const approved = await fetch(`${origin()}/approve`, { method: 'POST', body: new URLSearchParams({ id: approvalId! }), redirect: 'manual' });
  expect(approved.status).toBe(302);
  return approved.headers.get('location')!;
}

async function callback(url: string): Promise<URL> {
  const response = await api.oauthCallback.GET(new Request(url), forServer());
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

async function oauthRow(): Promise<Record<string, unknown> | undefined> {
  const { getAppDb } = await import('@/lib/server/db');
  const [row] = await (await getAppDb()).all<Record<string, unknown>>(sql`SELECT * FROM mcp_oauth WHERE server_id = ${serverId}`);
  return row;
}

async function openedTokens(): Promise<{ access_token: string; refresh_token?: string }> {
  const { openSecret } = await import('@/lib/server/secret-box');
  return JSON.parse(openSecret(String((await oauthRow())?.tokens)));
}

/** A session that runs tools without asking (the approval flow is not what this file tests). */
async function newAutoSession(): Promise<string> {
  const id = await app.newSession();
  await api.session.PATCH(new Request(`${BASE}/api/sessions/${id}`, send('PATCH', { permissionMode: 'auto' })), params({ id }));
  return id;
}

async function runChat(sessionId: string, text: string): Promise<AgentUIMessage> {
  const response = await app.chat(sessionId, text);
  expect(response.status).toBe(200);
  await readChunks(response);
  return (await app.sessionMessages(sessionId)).at(-1)!;
}
const echoCall = (text: string) => `Echo [[scenario:tool?tool=secured__echo&args=${encodeURIComponent(JSON.stringify({ text }))}]]`;
type ToolPartLike = { type: string; state: string; output?: unknown };

describe('OAuth for a remote MCP server', () => {
  it('a server that wants OAuth fails its test with the Connect hint, registers nothing, and settings then offer Connect', async () => {
    expect(await status()).toMatchObject({ status: 'none' });
    const result = await testConnection();
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/"secured".*Connect/);
    expect(await status()).toMatchObject({ status: 'required' });
    // A test or a run never registers a client on the user's behalf.
    expect(fixture.records().filter((event) => event.type === 'register')).toEqual([]);
  });

  it('refuses a callback whose state does not match, and writes nothing', async () => {
    const location = new URL(await authorize());
    const before = await oauthRow();
    const forged = new URL(location);
    forged.searchParams.set('state', 'not-the-state-we-gave');
    const refused = await callback(forged.href);
    expect(refused.pathname).toBe('/settings/mcp-servers');
    expect(refused.searchParams.get('oauth-error')).toMatch(/unknown, already used or expired/);
    expect(await oauthRow()).toEqual(before);
    expect(before?.tokens).toBeNull();
    // Without any state, the callback is a 400 and writes nothing either.
    const bare = await api.oauthCallback.GET(new Request(`${BASE}/api/mcp-servers/${serverId}/oauth/callback?code=x`), forServer());
    expect(bare.status).toBe(400);
    expect(await oauthRow()).toEqual(before);
    expect(fixture.records().filter((event) => event.type === 'token')).toEqual([]);
  });

  it('refuses an expired state', async () => {
    const location = await authorize();
    const { getAppDb } = await import('@/lib/server/db');
    await (await getAppDb()).run(sql`UPDATE mcp_oauth SET pending_expires_at = ${Date.now() - 1} WHERE server_id = ${serverId}`);
    const refused = await callback(location);
    expect(refused.searchParams.get('oauth-error')).toMatch(/expired/);
    expect((await oauthRow())?.tokens).toBeNull();
  });

  it('connects through registration, PKCE and the code exchange; the state works once; tokens are sealed at rest', async () => {
    const location = await authorize();
    const done = await callback(location);
    expect(done.searchParams.get('oauth-connected')).toBe('secured');
    expect(await status()).toMatchObject({ status: 'connected', authorizationServer: origin(), scope: 'mcp:tools' });

    const registered = fixture.records().filter((event) => event.type === 'register');
    expect(registered.at(-1)).toMatchObject({ redirectUris: [`${BASE}/api/mcp-servers/${serverId}/oauth/callback`], authMethod: 'none' });
    expect(fixture.records().filter((event) => event.type === 'token')).toEqual([expect.objectContaining({ grant: 'code' })]);

    // At rest: sealed, and the plaintext appears nowhere in the row.
    const row = (await oauthRow())!;
    const tokens = await openedTokens();
    expect(tokens.access_token).toMatch(/^at-/);
    expect(String(row.tokens)).toMatch(/^enc:v1:/);
    expect(String(row.client_information)).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain(tokens.access_token);
    expect(JSON.stringify(row)).not.toContain(tokens.refresh_token);
    expect(row.pending_state_hash).toBeNull();
    expect(row.pending_verifier).toBeNull();

    // The status the browser gets says nothing secret.
    expect(JSON.stringify(await status())).not.toContain(tokens.access_token);

    // The same callback again: the state is used up.
    const replay = await callback(location);
    expect(replay.searchParams.get('oauth-error')).toMatch(/already used/);
    expect(fixture.records().filter((event) => event.type === 'token')).toHaveLength(1);

    const tested = await testConnection();
    expect(tested).toMatchObject({ ok: true, tools: [expect.objectContaining({ name: 'secured__echo' })] });
  });

  it('a run calls the tool with the stored token', async () => {
    const id = await newAutoSession();
    app.scripted.reset();
    const message = await runChat(id, echoCall('hello through oauth'));
    const part = message.parts.find((p) => p.type === 'tool-secured__echo') as ToolPartLike | undefined;
    expect(part?.state).toBe('output-available');
    expect(JSON.stringify(part?.output)).toContain('oauth echo: hello through oauth');
    expect(fixture.records().filter((event) => event.type === 'call').at(-1)).toMatchObject({ text: 'hello through oauth' });
  });

  it('refreshes an expired access token and stores the new one', async () => {
    const before = await openedTokens();
    await fetch(`${origin()}/test/expire-access-tokens`, { method: 'POST' });
    const tested = await testConnection();
    expect(tested.ok).toBe(true);
    const after = await openedTokens();
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(fixture.records().filter((event) => event.type === 'token').map((event) => event.grant)).toEqual(['code', 'refresh']);
    expect(String((await oauthRow())?.tokens)).toMatch(/^enc:v1:/);
  });

  it('never puts a token in an export, even when a tool call carried it', async () => {
    const { access_token: token } = await openedTokens();
    const id = await newAutoSession();
    app.scripted.reset();
    await runChat(id, echoCall(token));
    const exported = await (await api.exportSession.GET(new Request(`${BASE}/api/sessions/${id}/export?format=json`), params({ id }))).text();
    expect(exported).toContain('oauth echo:');
    expect(exported).not.toContain(token);
    const markdown = await (await api.exportSession.GET(new Request(`${BASE}/api/sessions/${id}/export?format=markdown`), params({ id }))).text();
    expect(markdown).not.toContain(token);
  });

  it('Disconnect forgets the tokens and revokes them; a run then says to connect', async () => {
    const response = await api.oauthDisconnect.POST(new Request(`${BASE}/api/mcp-servers/${serverId}/oauth/disconnect`, { method: 'POST' }), forServer());
    expect(response.status).toBe(200);
    expect((await response.json()).oauth).toMatchObject({ status: 'required' });
    expect(await oauthRow()).toMatchObject({ tokens: null, client_information: null, pending_verifier: null });
    expect(fixture.records().filter((event) => event.type === 'revoke')).toEqual([expect.objectContaining({ hint: 'refresh_token' })]);

    const id = await newAutoSession();
    app.scripted.reset();
    const message = await runChat(id, echoCall('after disconnect'));
    const notice = message.parts.find((part) => part.type === 'data-tool-notice') as { data: { message: string } } | undefined;
    expect(notice?.data.message).toMatch(/"secured".*Connect/);
    expect(fixture.records().filter((event) => event.type === 'call').map((event) => event.text)).not.toContain('after disconnect');
  });
});

describe('a 401 without OAuth', () => {
  it('reads as a credentials problem: no Connect offered, nothing stored', async () => {
    const plain = http.createServer((_req, res) => res.writeHead(401, { 'www-authenticate': 'Bearer' }).end('{"error":"unauthorized"}'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/mcp`;
      const created = await (await api.servers.POST(new Request(`${BASE}/api/mcp-servers`, send('POST', { name: 'plain', url })))).json();
      const id = created.server.id as string;
      const result = await (await api.test.POST(new Request(`${BASE}/api/mcp-servers/${id}/test`, { method: 'POST' }), params({ id }))).json();
      expect(result).toEqual({ ok: false, error: expect.stringMatching(/"plain" refused our credentials \(HTTP 401\): check its headers/) });
      const oauth = (await (await api.oauth.GET(new Request(`${BASE}/api/mcp-servers/${id}/oauth`), params({ id }))).json()).oauth;
      expect(oauth).toMatchObject({ status: 'none' });
      const { getAppDb } = await import('@/lib/server/db');
      expect(await (await getAppDb()).all(sql`SELECT * FROM mcp_oauth WHERE server_id = ${id}`)).toEqual([]);
      await api.server.DELETE(new Request(`${BASE}/api/mcp-servers/${id}`, { method: 'DELETE' }), params({ id }));
    } finally {
      await new Promise((resolve) => plain.close(resolve));
    }
  });
});
