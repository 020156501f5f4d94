/**
 * Turning accounts on later: the first account adopts what the single local owner
 * made before (sessions with their messages and runs, MCP servers), and a later
 * account sees none of it.
 */
import { expect, it } from 'vitest';
import { cookieFrom, post, setupAppHarness } from '../support/app-harness';

const SECRET = 'adopt-local-secret-0123456789-abcdefghij';
const app = setupAppHarness({ name: 'adopt-local', routes: ['signUp', 'adminSettings', 'servers'], env: { AUTH_SECRET: undefined } });
const BASE = 'http://localhost:3000';

it('gives the local owner’s sessions and servers to the first account, and only to it', async () => {
  // Without accounts: the local owner works.
  const sessionId = await app.newSession();
  const turn = await app.chat(sessionId, 'made before accounts');
  await turn.text();
  const server = await app.api.servers.POST(new Request(`${BASE}/api/mcp-servers`, post({ name: 'docs', transport: 'http', url: 'https://mcp.example.com/mcp', enabled: false })));
  expect(server.status).toBe(201);

  process.env.AUTH_SECRET = SECRET;
  try {
    const admin = await app.api.signUp.POST(new Request(`${BASE}/api/account/sign-up`, post({ name: 'Ada', email: 'ada@example.com', password: 'ada passphrase 1' })));
    expect(admin.status).toBe(201);
    const adminCookie = cookieFrom(admin);
    const mine = await (await app.api.sessions.GET(new Request(`${BASE}/api/sessions`, { headers: { cookie: adminCookie } }))).json();
    expect(mine.sessions.map((s: { id: string }) => s.id)).toEqual([sessionId]);
    const messages = await app.api.session.GET(new Request(`${BASE}/api/sessions/${sessionId}`, { headers: { cookie: adminCookie } }), { params: Promise.resolve({ id: sessionId }) });
    expect((await messages.json()).session.messages).toHaveLength(2);
    const servers = await (await app.api.servers.GET(new Request(`${BASE}/api/mcp-servers`, { headers: { cookie: adminCookie } }))).json();
    expect(servers.servers.map((s: { name: string }) => s.name)).toEqual(['docs']);

    await app.api.adminSettings.PATCH(new Request(`${BASE}/api/admin/settings`, { method: 'PATCH', headers: { 'content-type': 'application/json', cookie: adminCookie }, body: JSON.stringify({ signupOpen: true }) }));
    const second = await app.api.signUp.POST(new Request(`${BASE}/api/account/sign-up`, post({ name: 'Bob', email: 'bob@example.com', password: 'bob passphrase 1' })));
    const theirs = await (await app.api.sessions.GET(new Request(`${BASE}/api/sessions`, { headers: { cookie: cookieFrom(second) } }))).json();
    expect(theirs.sessions).toEqual([]);
  } finally {
    delete process.env.AUTH_SECRET;
  }
});
