/**
 * Every API route, found by walking app/api (a new route is covered the day it is
 * added), called with each method it exports: without a session (401, except the
 * few public ones named below) and as another, non-admin user: for anything of the
 * owner's, exactly the answer an id that does not exist gets (404, or 400 when the
 * empty test body is wrong whatever the id), and 403 for admin routes. Accounts on, real better-auth sessions, real SQLite.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, post, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'access-matrix', routes: ['signUp', 'invites', 'shares'], env: { AUTH_SECRET: 'matrix-secret-0123456789-abcdefghijklmnop' } });

const BASE = 'http://localhost:3000';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const API_DIR = path.resolve('app/api');

/** Routes anyone may call (the answer may still be an error about the body). */
const PUBLIC = new Set([
  '/api/health',
  '/api/account',
  '/api/account/sign-up',
  '/api/auth/[...all]',
  '/api/[...path]',
  // A chained invocation carries a one-time token this server signed instead of a session (tests/integration/vercel-*.test.ts).
  '/api/runs/[runId]/continue',
]);

function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

const routePath = (file: string) => '/api' + path.dirname(file).slice(API_DIR.length).split(path.sep).join('/');

let owner: { cookie: string; sessionId: string; runId: string; messageId: string; shareId: string; shareToken: string };
let otherCookie = '';

function request(method: string, url: string, cookie?: string): Request {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (cookie) headers.set('cookie', cookie);
  return new Request(url, { method, headers, body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
}

/** The route's URL and params with the owner's ids in every slot. */
function fill(route: string): { url: string; params: Record<string, string | string[]> } {
  const values: Record<string, string> = {
    id: owner.sessionId,
    runId: owner.runId,
    messageId: owner.messageId,
    shareId: owner.shareId,
    token: owner.shareToken,
    compactionId: 'cmp-owner',
    grantId: 'grant-owner',
    itemId: 'item-owner',
  };
  const params: Record<string, string | string[]> = {};
  const url = route
    .split('/')
    .map((segment) => {
      const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
      if (catchAll) {
        params[catchAll[1]] = ['get-session'];
        return 'get-session';
      }
      const slot = /^\[(\w+)\]$/.exec(segment);
      if (!slot) return segment;
      // Admin routes name users and invites: the other user must not reach them either way.
      const value = route.startsWith('/api/admin') ? 'someone' : (values[slot[1]] ?? 'x');
      params[slot[1]] = value;
      return value;
    })
    .join('/');
  return { url: `${BASE}${url}`, params };
}

beforeAll(async () => {
  const admin = await app.api.signUp.POST(new Request(`${BASE}/api/account/sign-up`, post({ name: 'Owner', email: 'owner@example.com', password: 'owner passphrase 1' })));
  expect(admin.status).toBe(201);
  const cookie = cookieFrom(admin);
  const invite = await app.api.invites.POST(new Request(`${BASE}/api/admin/invites`, { ...post({}), headers: { 'content-type': 'application/json', cookie } }));
  const token = new URL((await invite.json()).invite.url).searchParams.get('invite');
  const other = await app.api.signUp.POST(new Request(`${BASE}/api/account/sign-up`, post({ name: 'Other', email: 'other@example.com', password: 'other passphrase 1', invite: token })));
  otherCookie = cookieFrom(other);

  const withOwner = (init: RequestInit) => ({ ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
  const created = await app.api.sessions.POST(new Request(`${BASE}/api/sessions`, withOwner(post({ modelKey: 'compat:scripted-chat' }))));
  const sessionId = (await created.json()).session.id as string;
  const chat = await app.api.chat.POST(new Request(`${BASE}/api/chat`, withOwner(post({ sessionId, message: { id: 'u-matrix-1', role: 'user', parts: [{ type: 'text', text: 'hello' }] } }))));
  expect(chat.status).toBe(200);
  await chat.text();
  const { getAppDb } = await import('@/lib/server/db');
  const { runs } = await import('@/db/schema');
  const [run] = await (await getAppDb()).select().from(runs);
  const share = await app.api.shares.POST(new Request(`${BASE}/api/sessions/${sessionId}/shares`, withOwner(post({}))), { params: Promise.resolve({ id: sessionId }) });
  expect(share.status).toBe(201);
  const shareView = (await share.json()).share;
  owner = { cookie, sessionId, runId: run.id, messageId: run.messageId, shareId: shareView.id, shareToken: shareView.url.replace('/share/', '') };
});

const files = routeFiles();

describe('every API route', () => {
  it('finds the routes', () => {
    expect(files.length).toBeGreaterThan(35);
  });

  for (const file of files) {
    const route = routePath(file);
    it(`${route}: 401 without a session, 404/403 as another user`, async () => {
      const handlers = (await import(/* @vite-ignore */ file)) as Record<string, (request: Request, context: { params: Promise<unknown> }) => Promise<Response>>;
      const { url, params } = fill(route);
      for (const method of METHODS) {
        const handler = handlers[method];
        // A method the route does not implement is a 405 for anyone (tests/integration/methods.test.ts).
        if (typeof handler !== 'function' || 'methodNotAllowed' in handler) continue;
        const context = () => ({ params: Promise.resolve(params) });

        const anonymous = await handler(request(method, url), context());
        const anonymousBody = await anonymous.text();
        if (!PUBLIC.has(route)) {
          expect.soft(anonymous.status, `${method} ${route} without a session: ${anonymousBody.slice(0, 200)}`).toBe(401);
          expect.soft(JSON.parse(anonymousBody).error.code).toBe('unauthorized');
        } else if (route !== '/api/health' && route !== '/api/account' && route !== '/api/auth/[...all]') {
          // Public, but nothing happens for a stranger with an empty body.
          expect.soft(anonymous.status, `${method} ${route} without a session: ${anonymousBody.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        }

        const asOther = await handler(request(method, url, otherCookie), context());
        const otherBody = await asOther.text();
        const label = `${method} ${route} as another user: ${otherBody.slice(0, 200)}`;
        if (route.startsWith('/api/admin')) {
          expect.soft(asOther.status, label).toBe(403);
        } else if (/\[(id|runId|shareId|messageId)\]/.test(route)) {
          // 404, or 400 for a body that is wrong whatever the id (checked before any lookup): never the owner's data.
          expect.soft([400, 404], label).toContain(asOther.status);
          // Exactly what a session that does not exist answers.
          const missing = await handler(request(method, url.replace(owner.sessionId, 'no-such-session').replace(owner.runId, 'no-such-run').replace(owner.shareId, 'no-such-share'), otherCookie), {
            params: Promise.resolve(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v.replace(owner.sessionId, 'no-such-session').replace(owner.runId, 'no-such-run').replace(owner.shareId, 'no-such-share') : v]))),
          });
          expect.soft(await missing.text(), label).toBe(otherBody);
        }
      }
    });
  }

  it('left the owner’s session as it was', async () => {
    const detail = await app.api.session.GET(new Request(`${BASE}/api/sessions/${owner.sessionId}`, { headers: { cookie: owner.cookie } }), { params: Promise.resolve({ id: owner.sessionId }) });
    expect(detail.status).toBe(200);
    const session = (await detail.json()).session;
    expect(session.messages).toHaveLength(2);
  });
});
