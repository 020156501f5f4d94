/**
 * The brute-force limits on the doors (issue 13), through the real auth routes
 * with accounts on: failed sign-ins are counted per email from one IP, the next
 * attempt — even with the right password — gets 429 with Retry-After, another
 * IP is not blocked, a success clears the count; sign-ups and invite attempts per IP.
 * The client address is the header our server sets from the socket.
 */
import { describe, expect, it } from 'vitest';
import { REMOTE_ADDRESS_HEADER } from '@/lib/security/request-guard.mjs';
import { post, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({
  name: 'brute-force',
  routes: ['auth', 'signUp', 'adminSettings'],
  env: {
    AUTH_SECRET: 'brute-force-secret-0123456789-abcdefghij',
    RATE_LIMIT_SIGN_IN_KEY: '3/15m',
    RATE_LIMIT_SIGN_UP_IP: '3/1h',
    RATE_LIMIT_INVITE_IP: '2/15m',
  },
});

const BASE = 'http://localhost:3000';
const from = (ip: string, init: RequestInit) => ({ ...init, headers: { ...(init.headers as Record<string, string>), [REMOTE_ADDRESS_HEADER]: ip } });
const signIn = (ip: string, email: string, password: string) => app.api.auth.POST(new Request(`${BASE}/api/auth/sign-in/email`, from(ip, post({ email, password }))));
const signUp = (ip: string, body: Record<string, unknown>) => app.api.signUp.POST(new Request(`${BASE}/api/account/sign-up`, from(ip, post(body))));

describe('brute force', () => {
  it('blocks an email after 3 failed sign-ins from one IP, even with the right password, and says when to retry', async () => {
    expect((await signUp('198.51.100.1', { name: 'Ada', email: 'ada@example.com', password: 'the right passphrase' })).status).toBe(201);
    for (let attempt = 0; attempt < 3; attempt++) expect((await signIn('198.51.100.7', 'ada@example.com', `guess ${attempt}`)).status).toBe(401);
    const blocked = await signIn('198.51.100.7', 'ada@example.com', 'the right passphrase');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).error.code).toBe('rate_limited');
    // The owner elsewhere is not locked out.
    expect((await signIn('203.0.113.9', 'ada@example.com', 'the right passphrase')).status).toBe(200);
  });

  it('clears the count after a success', async () => {
    expect((await signIn('198.51.100.20', 'ada@example.com', 'wrong one')).status).toBe(401);
    expect((await signIn('198.51.100.20', 'ada@example.com', 'wrong two')).status).toBe(401);
    expect((await signIn('198.51.100.20', 'ada@example.com', 'the right passphrase')).status).toBe(200);
    expect((await signIn('198.51.100.20', 'ada@example.com', 'wrong three')).status).toBe(401);
    expect((await signIn('198.51.100.20', 'ada@example.com', 'wrong four')).status).toBe(401);
    expect((await signIn('198.51.100.20', 'ada@example.com', 'the right passphrase')).status).toBe(200);
  });

  it('limits sign-ups and invite attempts per IP', async () => {
    const bogus = 'x'.repeat(24);
    expect((await signUp('198.51.100.30', { name: 'E', email: 'e1@example.com', password: 'some passphrase', invite: bogus })).status).toBe(403);
    expect((await signUp('198.51.100.30', { name: 'E', email: 'e2@example.com', password: 'some passphrase', invite: bogus })).status).toBe(403);
    const third = await signUp('198.51.100.30', { name: 'E', email: 'e3@example.com', password: 'some passphrase', invite: bogus });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeTruthy();
    // Sign-ups from another address: three, then 429.
    for (let n = 0; n < 3; n++) expect((await signUp('198.51.100.40', { name: 'F', email: `f${n}@example.com`, password: 'some passphrase' })).status).toBe(403);
    expect((await signUp('198.51.100.40', { name: 'F', email: 'f9@example.com', password: 'some passphrase' })).status).toBe(429);
  });
});
