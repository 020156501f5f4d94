/**
 * The session token travels only in the httpOnly cookie: better-auth's own endpoints under
 * /api/auth answer sign-in, get-session and list-sessions with it in the body (for bearer
 * clients), and lib/server/auth-requests.ts takes it out. Found by the secret sweep
 * (tests/integration/standalone-secret-sweep.test.ts). Real route handlers, real better-auth,
 * real SQLite.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, post, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'session-token-bodies', routes: ['auth', 'signUp'], env: { AUTH_SECRET: 'token-bodies-secret-0123456789-abcdefghij' } });

const BASE = 'http://localhost:3000';
const PASSWORD = 'token bodies passphrase';

let cookie = '';
/** The session token: the part of the cookie's value before its signature. */
let token = '';

const auth = (path: string, init: RequestInit = {}) => app.api.auth[init.method === 'POST' ? 'POST' : 'GET'](new Request(`${BASE}/api/auth/${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie, origin: BASE } }));

beforeAll(async () => {
  const signUp = await app.api.signUp.POST(new Request(`${BASE}/api/account/sign-up`, post({ name: 'Tess', email: 'tess@example.com', password: PASSWORD })));
  expect(signUp.status).toBe(201);
});

describe('better-auth answers, as the browser gets them', () => {
  it('sign-in sets the cookie and says who signed in, without the token', async () => {
    const response = await auth('sign-in/email', post({ email: 'tess@example.com', password: PASSWORD }));
    expect(response.status).toBe(200);
    cookie = cookieFrom(response);
    token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!;
    expect(token.length).toBeGreaterThanOrEqual(16);
    const body = await response.json();
    expect(body.user).toMatchObject({ email: 'tess@example.com' });
    expect(body).not.toHaveProperty('token');
    expect(JSON.stringify(body)).not.toContain(token);
  });

  it('get-session and list-sessions describe the session without its token', async () => {
    const session = await auth('get-session');
    expect(session.status).toBe(200);
    const current = await session.json();
    expect(current.session).toMatchObject({ userId: current.user.id });
    expect(current.session).not.toHaveProperty('token');

    const list = await auth('list-sessions');
    expect(list.status).toBe(200);
    const sessions = await list.json();
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    for (const entry of sessions) expect(entry).not.toHaveProperty('token');
    expect(JSON.stringify([current, sessions])).not.toContain(token);
  });

  it('still signs the cookie’s session in and out', async () => {
    const out = await auth('sign-out', post({}));
    expect(out.status).toBe(200);
    expect(await (await auth('get-session')).json()).toBeNull();
  });
});
