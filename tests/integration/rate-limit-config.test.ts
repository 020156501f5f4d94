/**
 * What the rate limits count and how they are configured: the client address a
 * limit sees (proxies believed only when TRUST_PROXY says so), the env rules,
 * and when limits are on.
 */
import { describe, expect, it } from 'vitest';
import { REMOTE_ADDRESS_HEADER } from '@/lib/security/request-guard.mjs';
import { clientIp, parseRule, rateLimitsEnabled, ruleEnvName } from '@/lib/server/rate-limit';

const request = (headers: Record<string, string>) => new Request('http://app/api/chat', { headers });

describe('clientIp', () => {
  it('is the socket address our server saw', () => {
    expect(clientIp(request({ [REMOTE_ADDRESS_HEADER]: '203.0.113.9' }), {})).toBe('203.0.113.9');
    expect(clientIp(request({ [REMOTE_ADDRESS_HEADER]: '::ffff:203.0.113.9' }), {})).toBe('203.0.113.9');
    expect(clientIp(request({}), {})).toBeNull();
    expect(clientIp(request({ [REMOTE_ADDRESS_HEADER]: 'not-an-ip' }), {})).toBeNull();
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', () => {
    const spoofed = request({ [REMOTE_ADDRESS_HEADER]: '203.0.113.9', 'x-forwarded-for': '198.51.100.1' });
    expect(clientIp(spoofed, {})).toBe('203.0.113.9');
    expect(clientIp(spoofed, { TRUST_PROXY: '0' })).toBe('203.0.113.9');
  });

  it('with TRUST_PROXY takes the entry that many proxies from us, never one a client prepended', () => {
    // client → proxy (appends the client's address) → us; the client forged the first entry.
    const viaOneProxy = request({ [REMOTE_ADDRESS_HEADER]: '10.0.0.2', 'x-forwarded-for': '6.6.6.6, 198.51.100.1' });
    expect(clientIp(viaOneProxy, { TRUST_PROXY: '1' })).toBe('198.51.100.1');
    expect(clientIp(viaOneProxy, { TRUST_PROXY: 'true' })).toBe('198.51.100.1');
    const viaTwo = request({ [REMOTE_ADDRESS_HEADER]: '10.0.0.2', 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 10.0.0.1' });
    expect(clientIp(viaTwo, { TRUST_PROXY: '2' })).toBe('198.51.100.1');
    // Without our server in front (a platform's own proxy): its entry is the last one.
    expect(clientIp(request({ 'x-forwarded-for': '6.6.6.6, 198.51.100.1' }), { TRUST_PROXY: '1' })).toBe('198.51.100.1');
  });

  it('counts IPv6 clients per /64', () => {
    expect(clientIp(request({ [REMOTE_ADDRESS_HEADER]: '2001:db8:a:b:1:2:3:4' }), {})).toBe('2001:db8:a:b::/64');
  });
});

describe('rules', () => {
  it('reads points per window', () => {
    expect(parseRule('30/1m')).toEqual({ points: 30, seconds: 60 });
    expect(parseRule('10 / 15m')).toEqual({ points: 10, seconds: 900 });
    expect(parseRule('5/1h')).toEqual({ points: 5, seconds: 3600 });
    expect(parseRule('100/30')).toEqual({ points: 100, seconds: 30 });
    expect(parseRule('off')).toBeUndefined();
    expect(parseRule('0')).toBeUndefined();
  });

  it('refuses a rule it cannot read, naming the variable', () => {
    expect(() => parseRule('thirty per minute', 'RATE_LIMIT_CHAT_USER')).toThrow(/RATE_LIMIT_CHAT_USER must look like 30\/1m/);
    expect(() => parseRule('30')).toThrow();
  });

  it('names each rule in the env after its limit and scope', () => {
    expect(ruleEnvName('chat', 'user')).toBe('RATE_LIMIT_CHAT_USER');
    expect(ruleEnvName('signIn', 'key')).toBe('RATE_LIMIT_SIGN_IN_KEY');
    expect(ruleEnvName('passwordReset', 'ip')).toBe('RATE_LIMIT_PASSWORD_RESET_IP');
  });

  it('are on with accounts, off in the local mode, and RATE_LIMITS decides', () => {
    const secret = 'x'.repeat(32);
    expect(rateLimitsEnabled({})).toBe(false);
    expect(rateLimitsEnabled({ AUTH_SECRET: secret })).toBe(true);
    expect(rateLimitsEnabled({ AUTH_SECRET: secret, RATE_LIMITS: 'off' })).toBe(false);
    expect(rateLimitsEnabled({ RATE_LIMITS: 'on' })).toBe(true);
  });
});
