import { describe, expect, it } from 'vitest';
import { cookieFrom, params, patch, post, setupAppHarness, userMessage, withCookie } from '../support/app-harness';

/**
 * Accounts (issue 13) through the real route handlers and better-auth on a real
 * SQLite file: the first account is the admin, sign-up is invite-only by default,
 * invites work once, the admin can open sign-up, reset links set a new password,
 * suspension signs out, and every user sees only their own sessions (another
 * user's session answers exactly like a missing one).
 */
const app = setupAppHarness({
  name: 'accounts',
  routes: ['servers', 'auth', 'account', 'signUp', 'adminUsers', 'adminUser', 'resetLink', 'invites', 'invite', 'adminSettings'],
  env: { AUTH_SECRET: 'test-secret-0123456789-abcdefghijklmnop', MCP_ALLOW_STDIO: '1' },
});

const BASE = 'http://localhost:3000';

async function signUp(body: Record<string, unknown>): Promise<Response> {
  return app.api.signUp.POST(new Request(`${BASE}/api/account/sign-up`, post(body)));
}

async function signIn(email: string, password: string): Promise<Response> {
  return app.api.auth.POST(new Request(`${BASE}/api/auth/sign-in/email`, post({ email, password })));
}

const get = (path: string, cookie?: string) => new Request(`${BASE}${path}`, withCookie({}, cookie));

describe('accounts', () => {
  let adminCookie = '';
  let userCookie = '';
  let userId = '';

  it('refuses every data route without a session (401, JSON)', async () => {
    const sessions = await app.api.sessions.GET(get('/api/sessions'));
    expect(sessions.status).toBe(401);
    expect(await sessions.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    const account = await (await app.api.account.GET(get('/api/account'))).json();
    expect(account).toEqual({ accounts: true, user: null });
  });

  it('makes the first account the admin, and sets an httpOnly SameSite=Lax cookie', async () => {
    const response = await signUp({ name: 'Ada', email: 'Ada@Example.com', password: 'correct horse battery' });
    expect(response.status).toBe(201);
    expect(JSON.stringify(await response.clone().json())).not.toMatch(/token/);
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    adminCookie = cookieFrom(response);
    const account = await (await app.api.account.GET(get('/api/account', adminCookie))).json();
    expect(account.user).toMatchObject({ email: 'ada@example.com', role: 'admin' });
  });

  it('is invite-only by default: a second sign-up without an invite is refused and creates nothing', async () => {
    const refused = await signUp({ name: 'Eve', email: 'eve@example.com', password: 'correct horse battery' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('forbidden');
    const users = await (await app.api.adminUsers.GET(get('/api/admin/users', adminCookie))).json();
    expect(users.users.map((u: { email: string }) => u.email)).toEqual(['ada@example.com']);
  });

  it('lets an invited person sign up once with the admin’s link', async () => {
    const made = await app.api.invites.POST(new Request(`${BASE}/api/admin/invites`, withCookie(post({}), adminCookie)));
    expect(made.status).toBe(201);
    const { invite } = await made.json();
    const token = new URL(invite.url).searchParams.get('invite');
    expect(token).toBeTruthy();
    const joined = await signUp({ name: 'Bob', email: 'bob@example.com', password: 'correct horse battery', invite: token });
    expect(joined.status).toBe(201);
    userCookie = cookieFrom(joined);
    userId = (await joined.json()).user.id;
    const again = await signUp({ name: 'Mallory', email: 'mallory@example.com', password: 'correct horse battery', invite: token });
    expect(again.status).toBe(403);
    const invites = await (await app.api.invites.GET(get('/api/admin/invites', adminCookie))).json();
    expect(invites.invites[0]).toMatchObject({ status: 'used', usedBy: userId });
    // The token itself is never stored or listed.
    expect(JSON.stringify(invites)).not.toContain(token);
  });

  it('keeps admin routes for admins: 403 for a user, 401 for nobody', async () => {
    expect((await app.api.adminUsers.GET(get('/api/admin/users', userCookie))).status).toBe(403);
    expect((await app.api.adminUsers.GET(get('/api/admin/users'))).status).toBe(401);
    expect((await app.api.invites.POST(new Request(`${BASE}/api/admin/invites`, withCookie(post({}), userCookie)))).status).toBe(403);
  });

  it('lets only an admin add a stdio MCP server (it runs a command on the host)', async () => {
    const stdio = { name: 'local-tool', transport: 'stdio', command: 'node', args: ['server.js'], enabled: false };
    const byUser = await app.api.servers.POST(new Request(`${BASE}/api/mcp-servers`, withCookie(post(stdio), userCookie)));
    expect(byUser.status).toBe(403);
    expect((await byUser.json()).error.code).toBe('forbidden');
    expect((await app.api.servers.POST(new Request(`${BASE}/api/mcp-servers`, post(stdio)))).status).toBe(401);
    const byAdmin = await app.api.servers.POST(new Request(`${BASE}/api/mcp-servers`, withCookie(post(stdio), adminCookie)));
    expect(byAdmin.status).toBe(201);
    // The user does not see the admin's servers.
    const listed = await (await app.api.servers.GET(get('/api/mcp-servers', userCookie))).json();
    expect(listed.servers).toEqual([]);
  });

  it('isolates sessions: another user’s session answers exactly like a missing one', async () => {
    const created = await app.api.sessions.POST(new Request(`${BASE}/api/sessions`, withCookie(post({ modelKey: 'compat:scripted-chat', title: 'Ada private' }), adminCookie)));
    expect(created.status).toBe(201);
    const { session } = await created.json();
    const mine = await app.api.session.GET(get(`/api/sessions/${session.id}`, adminCookie), params({ id: session.id }));
    expect(mine.status).toBe(200);
    const theirs = await app.api.session.GET(get(`/api/sessions/${session.id}`, userCookie), params({ id: session.id }));
    const missing = await app.api.session.GET(get('/api/sessions/does-not-exist', userCookie), params({ id: 'does-not-exist' }));
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await theirs.json()).toEqual(await missing.json());
    const list = await (await app.api.sessions.GET(get('/api/sessions', userCookie))).json();
    expect(list.sessions).toEqual([]);
    const renamed = await app.api.session.PATCH(new Request(`${BASE}/api/sessions/${session.id}`, withCookie(patch({ title: 'stolen' }), userCookie)), params({ id: session.id }));
    expect(renamed.status).toBe(404);
    const chat = await app.api.chat.POST(new Request(`${BASE}/api/chat`, withCookie(post({ sessionId: session.id, message: userMessage('hi') }), userCookie)));
    expect(chat.status).toBe(404);
  });

  it('lets the admin open sign-up', async () => {
    const opened = await app.api.adminSettings.PATCH(new Request(`${BASE}/api/admin/settings`, withCookie(patch({ signupOpen: true }), adminCookie)));
    expect((await opened.json()).settings.signupOpen).toBe(true);
    const joined = await signUp({ name: 'Carol', email: 'carol@example.com', password: 'correct horse battery' });
    expect(joined.status).toBe(201);
    await app.api.adminSettings.PATCH(new Request(`${BASE}/api/admin/settings`, withCookie(patch({ signupOpen: false }), adminCookie)));
    expect((await signUp({ name: 'Dan', email: 'dan@example.com', password: 'correct horse battery' })).status).toBe(403);
  });

  it('refuses a taken email and a short password with clear JSON', async () => {
    const opened = await app.api.adminSettings.PATCH(new Request(`${BASE}/api/admin/settings`, withCookie(patch({ signupOpen: true }), adminCookie)));
    expect(opened.status).toBe(200);
    const taken = await signUp({ name: 'Bob again', email: 'bob@example.com', password: 'correct horse battery' });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.message).toMatch(/already exists/);
    const short = await signUp({ name: 'Short', email: 'short@example.com', password: 'short' });
    expect(short.status).toBe(400);
    await app.api.adminSettings.PATCH(new Request(`${BASE}/api/admin/settings`, withCookie(patch({ signupOpen: false }), adminCookie)));
  });

  it('signs in with the right password only, in the API error shape', async () => {
    const wrong = await signIn('bob@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe('unauthorized');
    const right = await signIn('bob@example.com', 'correct horse battery');
    expect(right.status).toBe(200);
    userCookie = cookieFrom(right);
  });

  it('resets a password through an admin-issued link, once, and signs the old sessions out', async () => {
    const made = await app.api.resetLink.POST(new Request(`${BASE}/api/admin/users/${userId}/reset-link`, withCookie(post({}), adminCookie)), params({ id: userId }));
    expect(made.status).toBe(201);
    const { url } = await made.json();
    const token = new URL(url).searchParams.get('token');
    const reset = await app.api.auth.POST(new Request(`${BASE}/api/auth/reset-password`, post({ token, newPassword: 'a brand new passphrase' })));
    expect(reset.status).toBe(200);
    expect((await app.api.sessions.GET(get('/api/sessions', userCookie))).status).toBe(401);
    expect((await signIn('bob@example.com', 'correct horse battery')).status).toBe(401);
    expect((await signIn('bob@example.com', 'a brand new passphrase')).status).toBe(200);
    const replay = await app.api.auth.POST(new Request(`${BASE}/api/auth/reset-password`, post({ token, newPassword: 'yet another passphrase' })));
    expect(replay.status).toBe(400);
  });

  it('suspends a user (signed out, cannot sign in) and keeps the last admin', async () => {
    const suspended = await app.api.adminUser.PATCH(new Request(`${BASE}/api/admin/users/${userId}`, withCookie(patch({ suspended: true }), adminCookie)), params({ id: userId }));
    expect((await suspended.json()).user.suspended).toBe(true);
    expect((await signIn('bob@example.com', 'a brand new passphrase')).status).toBe(403);
    const users = await (await app.api.adminUsers.GET(get('/api/admin/users', adminCookie))).json();
    const ada = users.users.find((u: { email: string }) => u.email === 'ada@example.com');
    const demote = await app.api.adminUser.PATCH(new Request(`${BASE}/api/admin/users/${ada.id}`, withCookie(patch({ role: 'user' }), adminCookie)), params({ id: ada.id }));
    expect(demote.status).toBe(403);
  });

  it('offers none of better-auth’s admin endpoints (impersonation, setting passwords): only /api/admin', async () => {
    const users = await (await app.api.adminUsers.GET(get('/api/admin/users', adminCookie))).json();
    const other = users.users.find((u: { email: string }) => u.email !== 'ada@example.com');
    for (const path of ['impersonate-user', 'set-user-password', 'remove-user', 'create-user', 'set-role']) {
      const response = await app.api.auth.POST(new Request(`${BASE}/api/auth/admin/${path}`, withCookie(post({ userId: other.id, newPassword: 'taken over 12345', role: 'admin' }), adminCookie)));
      expect(response.status, path).toBe(404);
    }
    expect((await app.api.auth.GET(get('/api/auth/admin/list-users', adminCookie))).status).toBe(404);
  });

  it('needs no better-auth sign-up endpoint: the direct one is closed', async () => {
    const direct = await app.api.auth.POST(new Request(`${BASE}/api/auth/sign-up/email`, post({ name: 'X', email: 'x@example.com', password: 'correct horse battery' })));
    expect(direct.status).toBeGreaterThanOrEqual(400);
    const users = await (await app.api.adminUsers.GET(get('/api/admin/users', adminCookie))).json();
    expect(users.users.map((u: { email: string }) => u.email)).not.toContain('x@example.com');
  });
});
