import 'server-only';
import ipaddr from 'ipaddr.js';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { accountsEnabled } from '@/lib/security/accounts-mode.mjs';
import { REMOTE_ADDRESS_HEADER } from '@/lib/security/request-guard.mjs';
import { getAppDb } from './db';
import { ApiError } from './http';
import { findViewer } from './owner';

/**
 * Rate limits for what costs money or runs things (chat turns, tools) and for the
 * doors an attacker knocks on (sign-in, sign-up, password reset, invites). Each named
 * limit counts per user, per client IP and/or per caller-given key (an email), in the
 * `rate_limits` table of the app's own database (rate-limiter-flexible's
 * RateLimiterDrizzle: one atomic upsert per count), so every instance that shares the
 * database shares the counts.
 *
 * On when accounts are on (AUTH_SECRET), off in the single-user local mode;
 * RATE_LIMITS=on|off overrides. Each rule is `RATE_LIMIT_<NAME>_<SCOPE>=points/window`
 * (e.g. RATE_LIMIT_CHAT_USER=30/1m, RATE_LIMIT_SIGN_IN_KEY=10/15m; `off` drops one rule).
 * docs/hardening.md lists them.
 */

/** What a count is kept for. `key` is the caller's (an email); `keyWithIp` counts it per email and IP together. */
type Scope = 'user' | 'ip' | 'key';

interface Rule {
  points: number;
  /** Window in seconds. */
  seconds: number;
}

interface LimitDefinition {
  /** For the 429's message: "Too many <what>". */
  what: string;
  rules: Partial<Record<Scope, string>>;
  /** The `key` scope counts per key and client IP together (brute force from one place without locking the owner out everywhere). */
  keyWithIp?: boolean;
}

/** The defaults. A human never meets them; a script spending the operator's keys does. */
const LIMITS = {
  /** POST /api/chat (new message, regenerate, approvals) and POST …/queue: each may start a model run. */
  chat: { what: 'chat messages', rules: { user: '30/1m', ip: '60/1m' } },
  /** Endpoints that run things or spend: MCP test and confirm, compaction, fork, import, share preview/creation, fork of a share. */
  tool: { what: 'requests of this kind', rules: { user: '30/1m', ip: '60/1m' } },
  /** Failed sign-ins: 10 per email from one IP in 15 minutes, and a looser count per IP. */
  signIn: { what: 'failed sign-in attempts', rules: { key: '10/15m', ip: '50/15m' }, keyWithIp: true },
  signUp: { what: 'sign-ups', rules: { ip: '10/1h' } },
  passwordReset: { what: 'password reset attempts', rules: { key: '10/15m', ip: '30/15m' } },
  /** Invite links used (and tried). */
  invite: { what: 'invite attempts', rules: { ip: '20/15m' } },
} as const satisfies Record<string, LimitDefinition>;

export type LimitName = keyof typeof LIMITS;

/** Who a count is for. Scopes a limit has no rule for are ignored; a missing value skips its scope. */
export interface LimitSubject {
  ip?: string | null;
  userId?: string | null;
  key?: string | null;
}

type Env = Record<string, string | undefined>;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `30/1m` → 30 points per 60 s; `off` or `0` → no rule. Throws on anything else, so a typo in the env is loud. */
export function parseRule(text: string, name = 'rate limit'): Rule | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'off' || value === '0') return undefined;
  const match = /^(\d+)\s*\/\s*(\d+)?\s*([smhd])?$/.exec(value);
  if (!match || (!match[2] && !match[3])) throw new Error(`${name} must look like 30/1m (points per window: s, m, h or d) or off, not "${text}".`);
  const points = Number(match[1]);
  const seconds = Number(match[2] ?? 1) * UNIT_SECONDS[match[3] ?? 's'];
  if (points < 1 || seconds < 1) return undefined;
  return { points, seconds };
}

/** The env name of one rule: signIn + key → RATE_LIMIT_SIGN_IN_KEY. */
export function ruleEnvName(name: LimitName, scope: Scope): string {
  return `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_${scope.toUpperCase()}`;
}

type Rules = Record<LimitName, Partial<Record<Scope, Rule>>>;

function rulesFromEnv(env: Env): Rules {
  const rules = {} as Rules;
  for (const [name, definition] of Object.entries(LIMITS) as Array<[LimitName, LimitDefinition]>) {
    rules[name] = {};
    for (const scope of ['user', 'ip', 'key'] as const) {
      const envName = ruleEnvName(name, scope);
      const text = env[envName] ?? definition.rules[scope];
      const rule = text === undefined ? undefined : parseRule(text, envName);
      if (rule) rules[name][scope] = rule;
    }
  }
  return rules;
}

/** On with accounts, off in the local single-user mode; RATE_LIMITS=on|off decides otherwise. */
export function rateLimitsEnabled(env: Env = process.env): boolean {
  const value = env.RATE_LIMITS?.trim().toLowerCase();
  if (value === 'on' || value === '1' || value === 'true') return true;
  if (value === 'off' || value === '0' || value === 'false') return false;
  return accountsEnabled(env);
}

/**
 * The client's IP as a rate-limit key. The address comes from the socket our server
 * saw (REMOTE_ADDRESS_HEADER, set by scripts/server.mjs, never by the client);
 * X-Forwarded-For counts only with TRUST_PROXY=<number of proxies in front> (or
 * `true` for one): the entry that many hops from us. IPv6 clients are counted per /64,
 * the block one subscriber gets. Null when unknown.
 */
export function clientIp(request: Request | Headers, env: Env = process.env): string | null {
  const headers = request instanceof Headers ? request : request.headers;
  const socket = headers.get(REMOTE_ADDRESS_HEADER)?.trim() || null;
  const hops = trustedHops(env);
  let address = socket;
  if (hops > 0) {
    const forwarded = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const chain = socket ? [...forwarded, socket] : forwarded;
    // With the socket in the chain, the client is `hops` entries before it; without (no server of ours in front), the proxy's own entry is the last.
    const index = socket ? chain.length - 1 - hops : chain.length - hops;
    address = chain[Math.max(0, index)] ?? null;
  }
  return address ? ipKey(address) : null;
}

function trustedHops(env: Env): number {
  const value = env.TRUST_PROXY?.trim().toLowerCase();
  if (!value || value === 'false' || value === '0' || value === 'off') return 0;
  if (value === 'true' || value === 'on' || value === 'yes') return 1;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; an IPv6 address → its /64; anything that is not an IP → null. */
function ipKey(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

/** Seconds until a blocked caller may try again, for Retry-After: at least 1. */
function retrySeconds(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

function rateLimited(name: LimitName, seconds: number): ApiError {
  const definition: LimitDefinition = LIMITS[name];
  return new ApiError('rate_limited', `Too many ${definition.what}. Try again in ${seconds} s.`, { 'retry-after': String(seconds) });
}

/**
 * The counts of one database. Each (limit, scope) pair is one RateLimiterDrizzle with
 * its own key prefix in the shared `rate_limits` table.
 */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterDrizzle>();
  private readonly rules: Rules;

  constructor(
    private readonly db: Db,
    env: Env = process.env,
  ) {
    this.rules = rulesFromEnv(env);
  }

  private limiter(name: LimitName, scope: Scope, rule: Rule): RateLimiterDrizzle {
    const id = `${name}:${scope}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterDrizzle({
        storeClient: this.db,
        schema: rateLimits,
        keyPrefix: id,
        points: rule.points,
        duration: rule.seconds,
        // One timer sweeps the whole table of rows expired an hour ago: the first limiter's.
        clearExpiredByTimeout: this.limiters.size === 0,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** The (limiter, key) pairs this subject is counted under. */
  private counters(name: LimitName, subject: LimitSubject): Array<{ limiter: RateLimiterDrizzle; key: string; scope: Scope }> {
    const rules = this.rules[name];
    const definition: LimitDefinition = LIMITS[name];
    const keys: Partial<Record<Scope, string | null>> = {
      user: subject.userId || null,
      ip: subject.ip || null,
      key: subject.key ? (definition.keyWithIp ? `${subject.key.trim().toLowerCase()}|${subject.ip ?? '-'}` : subject.key.trim().toLowerCase()) : null,
    };
    const counters: Array<{ limiter: RateLimiterDrizzle; key: string; scope: Scope }> = [];
    for (const scope of ['user', 'ip', 'key'] as const) {
      const rule = rules[scope];
      const key = keys[scope];
      if (rule && key) counters.push({ limiter: this.limiter(name, scope, rule), key, scope });
    }
    return counters;
  }

  /** Counts one call in every scope of the limit; 429 `rate_limited` with Retry-After when any scope is over. */
  async consume(name: LimitName, subject: LimitSubject): Promise<void> {
    const results = await Promise.allSettled(this.counters(name, subject).map(({ limiter, key }) => limiter.consume(key)));
    let wait = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      // A store failure (a busy database…) is not a verdict: it goes up as it is (503 db_busy).
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      wait = Math.max(wait, retrySeconds(result.reason));
    }
    if (wait > 0) throw rateLimited(name, wait);
  }

  /** Reads without counting: 429 when a scope has used all its points (e.g. before checking a password, with failures counted by consume). */
  async check(name: LimitName, subject: LimitSubject): Promise<void> {
    let wait = 0;
    for (const { limiter, key } of this.counters(name, subject)) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= limiter.points) wait = Math.max(wait, retrySeconds(res));
    }
    if (wait > 0) throw rateLimited(name, wait);
  }

  /** Forgets the `key` scope's count (a successful sign-in clears its email's failures; the per-IP count stays). */
  async reset(name: LimitName, subject: LimitSubject): Promise<void> {
    for (const { limiter, key, scope } of this.counters(name, subject)) {
      if (scope === 'key') await limiter.delete(key);
    }
  }
}

const globalForLimits = globalThis as { __agentRateLimits?: Promise<RateLimits> };

function appLimits(): Promise<RateLimits> {
  globalForLimits.__agentRateLimits ??= getAppDb().then((db) => new RateLimits(db));
  return globalForLimits.__agentRateLimits;
}

/**
 * Counts one call against a named limit: 429 `rate_limited` (with Retry-After) when
 * the user, the IP or the key is over. Does nothing when limits are off.
 *
 *     await limit('signUp', { ip: clientIp(request) });
 */
export async function limit(name: LimitName, subject: LimitSubject): Promise<void> {
  if (!rateLimitsEnabled()) return;
  await (await appLimits()).consume(name, subject);
}

/**
 * For counting failures only (sign-in): `assertUnderLimit` before the attempt, `limit`
 * after a failure, `resetLimit` after a success.
 *
 *     await assertUnderLimit('signIn', { ip, key: email });
 *     if (!ok) { await limit('signIn', { ip, key: email }); throw … }
 *     await resetLimit('signIn', { ip, key: email });
 */
export async function assertUnderLimit(name: LimitName, subject: LimitSubject): Promise<void> {
  if (!rateLimitsEnabled()) return;
  await (await appLimits()).check(name, subject);
}

export async function resetLimit(name: LimitName, subject: LimitSubject): Promise<void> {
  if (!rateLimitsEnabled()) return;
  await (await appLimits()).reset(name, subject);
}

/** Counts a request against a limit per signed-in user (when there is one) and per client IP. */
export async function limitRequest(name: LimitName, request: Request): Promise<void> {
  if (!rateLimitsEnabled()) return;
  const viewer = await findViewer(request);
  await limit(name, { userId: viewer?.id, ip: clientIp(request) });
}
