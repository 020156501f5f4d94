/**
 * Rate limits through the real routes and the app's own database: 429 with
 * Retry-After after N calls, counted per user and per client IP, shared by every
 * client of the database (two connections on one SQLite file = two instances).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { ApiError } from '@/lib/server/http';
import { limit, RateLimits } from '@/lib/server/rate-limit';
import { params, post, readChunks, setupAppHarness } from '../support/app-harness';
import { expectRateLimited, fromAddress, rateLimitEnv } from '../support/rate-limit';

const app = setupAppHarness({
  name: 'rate-limit',
  routes: ['queue', 'test', 'importSession'],
  env: rateLimitEnv({ RATE_LIMIT_CHAT_USER: '3/1m', RATE_LIMIT_TOOL_IP: '2/1m' }),
});
const { api } = app;

/** What a limit throws, as the answer a route would give. */
async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('chat', () => {
  it('answers 429 with Retry-After after 3 chat turns in a minute, and saves nothing of the 4th', async () => {
    const id = await app.newSession();
    for (const text of ['one', 'two', 'three']) {
      const response = await app.chat(id, text);
      expect(response.status).toBe(200);
      await readChunks(response); // the run ends before the next message
    }
    const refused = await app.chat(id, 'four');
    expect(await expectRateLimited(refused, 60)).toBeGreaterThan(0);
    const texts = (await app.sessionMessages(id)).filter((m) => m.role === 'user').map((m) => (m.parts[0] as { text: string }).text);
    expect(texts).toEqual(['one', 'two', 'three']);

    // A queued message is a chat message too: same count, same answer, nothing queued.
    const queued = await api.queue.POST(new Request(`http://app/api/sessions/${id}/queue`, post({ text: 'later' })), params({ id }));
    await expectRateLimited(queued, 60);
    const queue = await (await api.queue.GET(new Request(`http://app/api/sessions/${id}/queue`), params({ id }))).json();
    expect(queue.items).toEqual([]);
  });

  it('keeps the counts in the rate_limits table of the app database', async () => {
    const db = await openTestDatabase(process.env.DATABASE_URL!);
    const rows = await db.select().from(rateLimits);
    expect(rows).toContainEqual(expect.objectContaining({ key: 'chat:user:local', points: 5 }));
    expect(rows.find((row) => row.key === 'chat:user:local')!.expire!.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('tools, per client IP', () => {
  const importFrom = (address: string, headers: Record<string, string> = {}) =>
    api.importSession.POST(new Request('http://app/api/sessions/import', { ...post({ not: 'an export' }), headers: fromAddress(address, { 'content-type': 'application/json', ...headers }) }));

  it('counts every tool endpoint against one per-IP budget, and another IP keeps its own', async () => {
    expect((await importFrom('203.0.113.5')).status).toBe(400);
    const mcpTest = await api.test.POST(new Request('http://app/api/mcp-servers/nope/test', { method: 'POST', headers: fromAddress('203.0.113.5') }), params({ id: 'nope' }));
    expect(mcpTest.status).toBe(404);
    await expectRateLimited(await importFrom('203.0.113.5'), 60);
    // The socket address decides: a client's X-Forwarded-For is not believed without TRUST_PROXY.
    await expectRateLimited(await importFrom('203.0.113.5', { 'x-forwarded-for': '198.51.100.77' }), 60);
    // IPv4-mapped IPv6 is the same client.
    await expectRateLimited(await importFrom('::ffff:203.0.113.5'), 60);
    expect((await importFrom('203.0.113.6')).status).toBe(400);
  });

  it('counts an IPv6 client per /64', async () => {
    expect((await importFrom('2001:db8:1:2::10')).status).toBe(400);
    expect((await importFrom('2001:db8:1:2:ffff::1')).status).toBe(400);
    await expectRateLimited(await importFrom('2001:db8:1:2::99'), 60);
    expect((await importFrom('2001:db8:1:3::10')).status).toBe(400);
  });
});

describe('per user', () => {
  it('one user over the limit does not block another', async () => {
    for (let i = 0; i < 3; i++) await limit('chat', { userId: 'alice' });
    const refused = await refusal(limit('chat', { userId: 'alice' }));
    expect(refused.code).toBe('rate_limited');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    await expect(limit('chat', { userId: 'bob' })).resolves.toBeUndefined();
  });
});

describe('across instances', () => {
  it('two database clients on one SQLite file share every count', async () => {
    const url = `file:${path.join(mkdtempSync(path.join(tmpdir(), 'ap-rate-shared-')), 'shared.db')}`;
    const [first, second] = [await openTestDatabase(url), await openTestDatabase(url)];
    const env = { ...rateLimitEnv({ RATE_LIMIT_SIGN_IN_KEY: '3/15m' }) };
    const one = new RateLimits(first, env);
    const two = new RateLimits(second, env);
    const who = { ip: '192.0.2.1', key: 'Admin@Example.com' };

    await one.consume('signIn', who);
    await two.consume('signIn', who);
    await one.consume('signIn', who);
    const refused = await refusal(two.consume('signIn', who));
    expect(refused.code).toBe('rate_limited');
    // 15 minutes window: Retry-After is the rest of it.
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThan(800);
    expect(Number(refused.headers?.['retry-after'])).toBeLessThanOrEqual(900);
    // A read-only check on the other instance sees the same count; the same email from elsewhere does not.
    await expect(refusal(one.check('signIn', who))).resolves.toMatchObject({ code: 'rate_limited' });
    await expect(one.check('signIn', { ...who, ip: '192.0.2.2' })).resolves.toBeUndefined();
    // A reset on one instance (a successful sign-in) frees the key on the other.
    await two.reset('signIn', who);
    await expect(one.check('signIn', who)).resolves.toBeUndefined();
  });
});
