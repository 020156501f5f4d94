/**
 * Rate-limit helpers for integration tests (lib/server/rate-limit.ts): the env that
 * switches limits on with small numbers, a request from a given client address, and
 * the check that an answer is the API's 429.
 */
import { expect } from 'vitest';
import { REMOTE_ADDRESS_HEADER } from '@/lib/security/request-guard.mjs';

/**
 * Env for setupAppHarness: limits on (they are off without accounts), every default
 * rule dropped, then `rules` (e.g. `{ RATE_LIMIT_CHAT_USER: '3/1m' }`).
 */
export function rateLimitEnv(rules: Record<string, string> = {}): Record<string, string> {
  const off: Record<string, string> = {};
  for (const name of ['CHAT', 'TOOL', 'SIGN_IN', 'SIGN_UP', 'PASSWORD_RESET', 'INVITE']) {
    for (const scope of ['USER', 'IP', 'KEY']) off[`RATE_LIMIT_${name}_${scope}`] = 'off';
  }
  return { RATE_LIMITS: 'on', ...off, ...rules };
}

/** Request headers as scripts/server.mjs sets them for a client at this socket address. */
export function fromAddress(address: string, headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, [REMOTE_ADDRESS_HEADER]: address };
}

/** The answer is a 429 `rate_limited` in the API's error shape with a Retry-After of 1..maxSeconds; answers the seconds. */
export async function expectRateLimited(response: Response, maxSeconds = 3600): Promise<number> {
  expect(response.status).toBe(429);
  const body = await response.json();
  expect(body.error.code).toBe('rate_limited');
  expect(body.error.message).toMatch(/Too many .*Try again in \d+ s/);
  const retryAfter = response.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  const seconds = Number(retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  return seconds;
}
