import { describe, expect, it } from 'vitest';
import type { ProviderKeyView } from '@/lib/api/provider-keys';
import { cookieFrom, params, patch, post, send, setupAppHarness, userMessage, withCookie } from '../support/app-harness';

/**
 * Provider keys set in the UI (issue 13), with accounts on, through the real route
 * handlers, better-auth and the scripted model server (which records each request's
 * headers): the admin's key makes its provider's models appear and is the one a chat
 * sends; a user's own key overrides it while the admin allows own keys; the routes
 * are gated (401, 403); no answer ever carries a key, and exports scrub them.
 */
const ENV_COMPAT_KEY = 'env-compat-key-0123456789';
const app = setupAppHarness({
  name: 'provider-keys',
  routes: ['signUp', 'adminSettings', 'exportSession', 'sharePreview'],
  env: {
    AUTH_SECRET: 'provider-keys-test-secret-0123456789-abcdef',
    // No OpenAI key in the environment: only the UI can enable OpenAI here.
    OPENAI_API_KEY: undefined,
    ANTHROPIC_API_KEY: undefined,
    OPENAI_COMPATIBLE_API_KEY: ENV_COMPAT_KEY,
  },
});

const adminRoutes = { list: () => import('@/app/api/admin/provider-keys/route'), item: () => import('@/app/api/admin/provider-keys/[provider]/route') };
const ownRoutes = { list: () => import('@/app/api/account/provider-keys/route'), item: () => import('@/app/api/account/provider-keys/[provider]/route') };
const modelsRoute = () => import('@/app/api/models/route');

const BASE = 'http://localhost:3000';
const ADMIN_KEY = 'admin-server-wide-key-1111AAAA';
const USER_KEY = 'user-own-key-2222BBBB';
const ADMIN_COMPAT_KEY = 'compat-admin-key-3333CCCC';

type Scope = 'admin' | 'own';
const routesOf = (scope: Scope) => (scope === 'admin' ? adminRoutes : ownRoutes);
const pathOf = (scope: Scope) => (scope === 'admin' ? '/api/admin/provider-keys' : '/api/account/provider-keys');

async function listKeys(scope: Scope, cookie?: string): Promise<Response> {
  return (await routesOf(scope).list()).GET(new Request(`${BASE}${pathOf(scope)}`, withCookie({}, cookie)));
}
async function putKey(scope: Scope, provider: string, key: string, cookie?: string): Promise<Response> {
  const request = new Request(`${BASE}${pathOf(scope)}/${provider}`, withCookie(send('PUT', { key }), cookie));
  return (await routesOf(scope).item()).PUT(request, params({ provider }));
}
async function deleteKey(scope: Scope, provider: string, cookie?: string): Promise<Response> {
  const request = new Request(`${BASE}${pathOf(scope)}/${provider}`, withCookie({ method: 'DELETE', headers: { 'content-type': 'application/json' } }, cookie));
  return (await routesOf(scope).item()).DELETE(request, params({ provider }));
}
async function modelKeys(cookie: string): Promise<string[]> {
  const response = await (await modelsRoute()).GET(new Request(`${BASE}/api/models`, withCookie({}, cookie)));
  expect(response.status).toBe(200);
  return (await response.json()).models.map((model: { key: string }) => model.key);
}
async function setInstance(settings: Record<string, boolean>, cookie: string): Promise<void> {
  const response = await app.api.adminSettings.PATCH(new Request(`${BASE}/api/admin/settings`, withCookie(patch(settings), cookie)));
  expect(response.status).toBe(200);
}
async function newSession(modelKey: string, cookie: string): Promise<string> {
  const response = await app.api.sessions.POST(new Request(`${BASE}/api/sessions`, withCookie(post({ modelKey }), cookie)));
  expect(response.status).toBe(201);
  return (await response.json()).session.id;
}

/** Sends a message and answers the Authorization header the model server received for it. */
async function chatAuthorization(sessionId: string, cookie: string, text = 'hello'): Promise<string | undefined> {
  app.scripted.reset();
  const response = await app.api.chat.POST(new Request(`${BASE}/api/chat`, withCookie(post({ sessionId, message: userMessage(text) }), cookie)));
  expect(response.status).toBe(200);
  await response.text();
  const requests = app.scripted.requests();
  expect(requests.length).toBeGreaterThan(0);
  return requests.at(-1)!.headers.authorization as string | undefined;
}

describe('provider keys', () => {
  let adminCookie = '';
  let userCookie = '';

  it('starts with an admin and a user account', async () => {
    const admin = await app.api.signUp.POST(new Request(`${BASE}/api/account/sign-up`, post({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' })));
    expect(admin.status).toBe(201);
    adminCookie = cookieFrom(admin);
    await setInstance({ signupOpen: true }, adminCookie);
    const user = await app.api.signUp.POST(new Request(`${BASE}/api/account/sign-up`, post({ name: 'Bob', email: 'bob@example.com', password: 'correct horse battery' })));
    expect(user.status).toBe(201);
    userCookie = cookieFrom(user);
    await setInstance({ signupOpen: false }, adminCookie);
  });

  it('refuses the admin routes without a session (401) and to a non-admin (403)', async () => {
    expect((await listKeys('admin')).status).toBe(401);
    expect((await putKey('admin', 'openai', ADMIN_KEY)).status).toBe(401);
    for (const response of [await listKeys('admin', userCookie), await putKey('admin', 'openai', USER_KEY, userCookie), await deleteKey('admin', 'openai', userCookie)]) {
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe('forbidden');
    }
    expect(await modelKeys(userCookie)).not.toContain('openai:scripted-responses');
  });

  it('lists no OpenAI models until the admin sets a key, then everyone gets them', async () => {
    expect(await modelKeys(adminCookie)).toEqual(['compat:scripted-chat', 'demo:demo-agent']);
    const set = await putKey('admin', 'openai', ADMIN_KEY, adminCookie);
    expect(set.status).toBe(200);
    const text = await set.text();
    expect(text).not.toContain(ADMIN_KEY);
    expect(JSON.parse(text).provider).toMatchObject({ provider: 'openai', key: { masked: '••••AAAA', unreadable: false }, activeSource: 'server', envKey: false });
    expect(await modelKeys(adminCookie)).toContain('openai:scripted-responses');
    expect(await modelKeys(userCookie)).toContain('openai:scripted-responses');
  });

  it('never answers a key: the list shows a masked hint and where the key in use comes from', async () => {
    await putKey('admin', 'compat', ADMIN_COMPAT_KEY, adminCookie);
    const response = await listKeys('admin', adminCookie);
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const key of [ADMIN_KEY, ADMIN_COMPAT_KEY, ENV_COMPAT_KEY]) expect(text).not.toContain(key);
    const providers: ProviderKeyView[] = JSON.parse(text).providers;
    expect(providers).toEqual([
      expect.objectContaining({ provider: 'openai', envVar: 'OPENAI_API_KEY', envKey: false, usable: true, key: expect.objectContaining({ masked: '••••AAAA' }), activeSource: 'server' }),
      expect.objectContaining({ provider: 'compat', envVar: 'OPENAI_COMPATIBLE_API_KEY', envKey: true, usable: true, key: expect.objectContaining({ masked: '••••CCCC' }), activeSource: 'server' }),
      expect.objectContaining({ provider: 'anthropic', envVar: 'ANTHROPIC_API_KEY', envKey: false, usable: true, key: null, activeSource: null }),
    ]);
  });

  it('stores the key encrypted', async () => {
    const { getDb } = await import('@/db/client');
    const { listAllProviderKeys } = await import('@/db/queries/provider-keys');
    const rows = await listAllProviderKeys(await getDb());
    expect(rows.map((row) => [row.ownerId, row.provider, row.hint])).toEqual(
      expect.arrayContaining([
        ['*', 'openai', 'AAAA'],
        ['*', 'compat', 'CCCC'],
      ]),
    );
    for (const row of rows) {
      expect(row.secret).toMatch(/^enc:v1:/);
      for (const key of [ADMIN_KEY, ADMIN_COMPAT_KEY]) expect(row.secret).not.toContain(key.slice(0, 12));
    }
  });

  it('sends the admin’s key on a chat, for the OpenAI and the OpenAI-compatible provider', async () => {
    expect(await chatAuthorization(await newSession('openai:scripted-responses', userCookie), userCookie)).toBe(`Bearer ${ADMIN_KEY}`);
    expect(await chatAuthorization(await newSession('compat:scripted-chat', userCookie), userCookie)).toBe(`Bearer ${ADMIN_COMPAT_KEY}`);
  });

  it('refuses a user’s own key while the admin does not allow them (403), reading included', async () => {
    for (const response of [await listKeys('own', userCookie), await putKey('own', 'openai', USER_KEY, userCookie)]) {
      expect(response.status).toBe(403);
      expect((await response.json()).error.message).toMatch(/not allowed users to add their own provider keys/);
    }
    // Removing needs no permission; there is nothing to remove yet.
    expect((await deleteKey('own', 'openai', userCookie)).status).toBe(404);
    expect((await listKeys('own')).status).toBe(401);
  });

  it('uses the user’s own key over the admin’s while allowed, for that user only', async () => {
    await setInstance({ allowUserKeys: true }, adminCookie);
    const set = await putKey('own', 'openai', USER_KEY, userCookie);
    expect(set.status).toBe(200);
    expect(await set.text()).not.toContain(USER_KEY);
    const own: ProviderKeyView[] = (await (await listKeys('own', userCookie)).json()).providers;
    expect(own[0]).toMatchObject({ provider: 'openai', key: { masked: '••••BBBB' }, activeSource: 'own' });
    expect(own[1]).toMatchObject({ provider: 'compat', key: null, activeSource: 'server' });

    const userSession = await newSession('openai:scripted-responses', userCookie);
    expect(await chatAuthorization(userSession, userCookie)).toBe(`Bearer ${USER_KEY}`);
    expect(await chatAuthorization(await newSession('openai:scripted-responses', adminCookie), adminCookie)).toBe(`Bearer ${ADMIN_KEY}`);

    // Allowed no more: the stored key stays, unused, and the admin's applies again.
    await setInstance({ allowUserKeys: false }, adminCookie);
    expect(await chatAuthorization(userSession, userCookie)).toBe(`Bearer ${ADMIN_KEY}`);
    // Still theirs to take back while own keys are off.
    expect((await deleteKey('own', 'openai', userCookie)).status).toBe(200);
    await setInstance({ allowUserKeys: true }, adminCookie);
    expect((await putKey('own', 'openai', USER_KEY, userCookie)).status).toBe(200);
  });

  it('keeps every stored key out of exports and share links, even quoted in a conversation', async () => {
    const sessionId = await newSession('compat:scripted-chat', userCookie);
    await chatAuthorization(sessionId, userCookie, `my keys are ${USER_KEY} and ${ADMIN_KEY}`);
    // As on another instance, which never handled these keys itself: the export reads them from the database.
    delete (globalThis as { __agentPlaygroundScrubbed?: unknown }).__agentPlaygroundScrubbed;
    for (const format of ['json', 'markdown']) {
      const response = await app.api.exportSession.GET(new Request(`${BASE}/api/sessions/${sessionId}/export?format=${format}`, withCookie({}, userCookie)), params({ id: sessionId }));
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('my keys are');
      expect(text).not.toContain(USER_KEY);
      expect(text).not.toContain(ADMIN_KEY);
    }
    const preview = await app.api.sharePreview.POST(new Request(`${BASE}/api/sessions/${sessionId}/shares/preview`, withCookie(post({}), userCookie)), params({ id: sessionId }));
    expect(preview.status).toBe(200);
    const shown = await preview.text();
    expect(shown).toContain('my keys are');
    expect(shown).not.toContain(USER_KEY);
    expect(shown).not.toContain(ADMIN_KEY);
  });

  it('falls back to the environment’s key when the admin removes theirs, and 404s a second removal', async () => {
    const removed = await deleteKey('admin', 'compat', adminCookie);
    expect(removed.status).toBe(200);
    expect((await deleteKey('admin', 'compat', adminCookie)).status).toBe(404);
    expect(await chatAuthorization(await newSession('compat:scripted-chat', adminCookie), adminCookie)).toBe(`Bearer ${ENV_COMPAT_KEY}`);
    const [, compat]: ProviderKeyView[] = (await (await listKeys('admin', adminCookie)).json()).providers;
    expect(compat).toMatchObject({ key: null, envKey: true, activeSource: 'env' });

    expect((await deleteKey('admin', 'openai', adminCookie)).status).toBe(200);
    expect(await modelKeys(adminCookie)).not.toContain('openai:scripted-responses');
    // The user's own key still lists OpenAI for them.
    expect(await modelKeys(userCookie)).toContain('openai:scripted-responses');
  });

  it('flags a stored key that no longer decrypts, and falls through to the next key', async () => {
    const { getDb } = await import('@/db/client');
    const { upsertProviderKey } = await import('@/db/queries/provider-keys');
    const { deriveSecretKey, sealWith } = await import('@/lib/server/secret-box');
    // Sealed with another key, as after AUTH_SECRET changed.
    await upsertProviderKey(await getDb(), { id: 'pk-foreign', ownerId: '*', provider: 'compat', secret: sealWith(deriveSecretKey('another AUTH_SECRET'), 'lost-key-0000'), hint: '0000', createdBy: 'x' });
    const [, compat]: ProviderKeyView[] = (await (await listKeys('admin', adminCookie)).json()).providers;
    expect(compat).toMatchObject({ key: { masked: '••••0000', unreadable: true }, activeSource: 'env' });
    expect(await chatAuthorization(await newSession('compat:scripted-chat', adminCookie), adminCookie)).toBe(`Bearer ${ENV_COMPAT_KEY}`);
    expect((await deleteKey('admin', 'compat', adminCookie)).status).toBe(200);
  });

  it('validates the provider and the key', async () => {
    expect((await putKey('admin', 'mistral', ADMIN_KEY, adminCookie)).status).toBe(404);
    const spaced = await putKey('admin', 'openai', 'sk has spaces in it', adminCookie);
    expect(spaced.status).toBe(400);
    expect((await spaced.json()).error.message).toMatch(/without spaces/);
    expect((await putKey('admin', 'openai', 'short', adminCookie)).status).toBe(400);
  });
});
