/**
 * What changes when VERCEL is set: the run's budget per invocation, the routes'
 * maxDuration, instance ids, the database URL, and the key continue tokens need.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { assertDatabaseFitsHost, openClient } from '@/db/open.mjs';
import { invocationBudgetMs, RUN_ROUTE_MAX_DURATION_S } from '@/lib/server/invocation';
import { instanceId } from '@/lib/server/recovery';
import { signContinuationToken, verifyContinuationToken } from '@/lib/server/run-handoff';

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['VERCEL', 'PLAYGROUND_INSTANCE_ID', 'AUTH_SECRET', 'TOOL_APPROVAL_SECRET']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('the invocation budget', () => {
  it('is maxDuration less its margin on Vercel, and none on a Node server unless set', () => {
    expect(invocationBudgetMs({ VERCEL: '1' })).toBe(180_000);
    expect(invocationBudgetMs({})).toBeUndefined();
    expect(invocationBudgetMs({ RUN_INVOCATION_BUDGET_MS: '5000' })).toBe(5000);
    expect(invocationBudgetMs({ VERCEL: '1', RUN_INVOCATION_BUDGET_MS: '1' })).toBe(1);
    expect(invocationBudgetMs({ VERCEL: '1', RUN_INVOCATION_BUDGET_MS: 'off' })).toBeUndefined();
    expect(invocationBudgetMs({ VERCEL: '1', RUN_INVOCATION_BUDGET_MS: '0' })).toBeUndefined();
    expect(() => invocationBudgetMs({ RUN_INVOCATION_BUDGET_MS: 'soon' })).toThrow(/RUN_INVOCATION_BUDGET_MS must be a number/);
  });

  it.each([
    'app/api/chat/route.ts',
    'app/api/chat/[id]/stream/route.ts',
    'app/api/runs/[runId]/continue/route.ts',
    'app/api/sessions/[id]/queue/route.ts',
    'app/api/sessions/[id]/queue/dispatch/route.ts',
  ])('%s declares the maxDuration the budget is derived from', (route) => {
    // Next reads route segment config from the source, as a literal.
    const declared = /^export const maxDuration = (\d+);$/m.exec(readFileSync(route, 'utf8'))?.[1];
    expect(Number(declared)).toBe(RUN_ROUTE_MAX_DURATION_S);
  });
});

describe('instance ids', () => {
  it('are per process on Vercel, where many processes share a host name, port and database', () => {
    delete process.env.PLAYGROUND_INSTANCE_ID;
    const derived = instanceId();
    process.env.VERCEL = '1';
    expect(instanceId()).not.toBe(derived);
    expect(instanceId()).toBe(instanceId());
    process.env.PLAYGROUND_INSTANCE_ID = 'edge-1';
    expect(instanceId()).toBe('edge-1');
  });
});

describe('the database on Vercel', () => {
  it('refuses a local file, which would be lost, and names the fix', async () => {
    expect(() => assertDatabaseFitsHost('file:./data/playground.db', { VERCEL: '1' })).toThrow(/local file.*libsql:\/\/.*DATABASE_AUTH_TOKEN/);
    expect(() => assertDatabaseFitsHost('libsql://db-example.turso.io', { VERCEL: '1' })).not.toThrow();
    expect(() => assertDatabaseFitsHost('file:./data/playground.db', {})).not.toThrow();
    process.env.VERCEL = '1';
    await expect(openClient('file:/tmp/never-created.db')).rejects.toThrow(/would be lost/);
  });
});

describe('continue tokens', () => {
  it('verify for their run until they expire, and not once any byte of the payload changed', () => {
    process.env.TOOL_APPROVAL_SECRET = 'k'.repeat(32);
    const now = Date.now();
    const token = signContinuationToken({ runId: 'run-a', nonce: 'n1', expiresAt: now + 1000 });
    expect(verifyContinuationToken(token, 'run-a', now)).toEqual({ ok: true, nonce: 'n1' });
    expect(verifyContinuationToken(token, 'run-a', now + 1000)).toMatchObject({ ok: false, reason: expect.stringMatching(/expired/) });
    expect(verifyContinuationToken(token, 'run-b', now)).toMatchObject({ ok: false, reason: expect.stringMatching(/not for this run/) });
    const [payload, sig] = token.split('.');
    const altered = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('n1', 'n2')).toString('base64url');
    expect(verifyContinuationToken(`${altered}.${sig}`, 'run-a', now)).toMatchObject({ ok: false, reason: expect.stringMatching(/not signed/) });
  });

  it('need AUTH_SECRET or TOOL_APPROVAL_SECRET on Vercel, where every invocation must share the key', () => {
    process.env.VERCEL = '1';
    delete process.env.AUTH_SECRET;
    delete process.env.TOOL_APPROVAL_SECRET;
    expect(() => signContinuationToken({ runId: 'run-a', nonce: 'n', expiresAt: Date.now() + 1000 })).toThrow(/AUTH_SECRET or TOOL_APPROVAL_SECRET/);
    process.env.AUTH_SECRET = 'a'.repeat(40);
    const token = signContinuationToken({ runId: 'run-a', nonce: 'n', expiresAt: Date.now() + 1000 });
    expect(verifyContinuationToken(token, 'run-a')).toEqual({ ok: true, nonce: 'n' });
  });
});
