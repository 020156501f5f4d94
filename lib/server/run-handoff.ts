import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@/db/client';
import { markRunContinuing } from '@/db/queries/run-continuations';
import { getRun } from '@/db/queries/runs';
import type { LoopCheckpoint } from '@/lib/agent/checkpoint';
import type { RunEnd } from '@/lib/agent/messages';
import { accountsMode } from '@/lib/security/accounts-mode.mjs';
import { approvalSecret } from './approval-secret';
import { describeError } from './errors';
import { onVercel } from './invocation';
import { interruptUnclaimedContinuation, LOST_CONTINUATION_END } from './recovery';
import { landRunWrite } from './run-log';
import type { LogLine } from './run-stream';

/**
 * Handing a run on to a chained invocation. A run that used its invocation's budget
 * (lib/server/invocation.ts) paused at a step boundary with its message and log saved;
 * here it is marked as continuing (no owner, a one-time nonce, the loop's checkpoint)
 * and this invocation asks for the next one with a signed request to
 * POST /api/runs/:runId/continue (lib/server/run-continuation.ts). If that request cannot
 * be made or is refused, the run ends as interrupted at once; if the next invocation
 * never comes at all, recovery interrupts it when the hand-off's lease runs out.
 */

/** How long the next invocation has to take the run before recovery may interrupt it (a cold start included). */
const HANDOFF_LEASE_MS = 30_000;
/** How long a continue token is valid: it is used at once, by the request that carries it. */
const TOKEN_TTL_MS = 60_000;
/** How long the continue request may take to answer (it answers once the run is claimed, not when it ends). */
const HANDOFF_REQUEST_TIMEOUT_MS = 20_000;
const TOKEN_CONTEXT = 'agent-playground/run-continuation/v1';

/**
 * The key continue tokens are signed with: AUTH_SECRET, else TOOL_APPROVAL_SECRET, else the
 * approval secret this server keeps (a file beside a local database). Every invocation must
 * know the same key, so on Vercel one of the two variables must be set.
 */
function continuationKey(): string {
  const accounts = accountsMode();
  if (accounts.on) return accounts.secret;
  if (process.env.TOOL_APPROVAL_SECRET?.trim()) return approvalSecret();
  if (onVercel()) throw new Error('A run cannot go on in a new invocation: set AUTH_SECRET or TOOL_APPROVAL_SECRET, so that every invocation signs and checks continue requests with one key.');
  return approvalSecret();
}

interface TokenClaims {
  runId: string;
  nonce: string;
  expiresAt: number;
}

const signature = (payload: string) => createHmac('sha256', continuationKey()).update(`${TOKEN_CONTEXT}\n${payload}`).digest();

/** `<payload>.<signature>`, both base64url: the run, the one-time nonce and the expiry, signed with HMAC-SHA256. */
export function signContinuationToken(claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify({ r: claims.runId, n: claims.nonce, e: claims.expiresAt })).toString('base64url');
  return `${payload}.${signature(payload).toString('base64url')}`;
}

export type TokenCheck = { ok: true; nonce: string } | { ok: false; reason: string };

/** Checks a continue token for `runId`: its signature, its run and its expiry (the nonce is checked against the run's row by the claim). */
export function verifyContinuationToken(token: string, runId: string, now = Date.now()): TokenCheck {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return { ok: false, reason: 'The continue token is malformed.' };
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'The continue token is not signed by this server.' };
  let claims: { r?: unknown; n?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'The continue token is malformed.' };
  }
  if (claims.r !== runId || typeof claims.n !== 'string' || typeof claims.e !== 'number') return { ok: false, reason: 'The continue token is not for this run.' };
  if (claims.e <= now) return { ok: false, reason: 'The continue token has expired.' };
  return { ok: true, nonce: claims.n };
}

/**
 * Where the next invocation is asked for: RUN_CONTINUE_URL, else the origin the run's
 * chain started from (the address the user reached this deployment at), else this
 * deployment's own URL on Vercel (VERCEL_URL).
 */
function continueEndpoint(runId: string, origin: string | undefined): URL {
  const base = process.env.RUN_CONTINUE_URL?.trim() || origin || (process.env.VERCEL_URL ? `https://${process.env.VERCEL_URL}` : undefined);
  if (!base) throw new Error('A run cannot go on in a new invocation: no address to reach this app at. Set RUN_CONTINUE_URL (e.g. https://playground.example.com).');
  return new URL(`/api/runs/${encodeURIComponent(runId)}/continue`, base);
}

/** Vercel's own addresses of this deployment: only there may the protection bypass secret go. */
function deploymentHost(endpoint: URL): boolean {
  const own = [process.env.VERCEL_URL, process.env.VERCEL_BRANCH_URL, process.env.VERCEL_PROJECT_PRODUCTION_URL];
  return own.includes(endpoint.host) || endpoint.hostname.endsWith('.vercel.app');
}

export interface HandOffInput {
  db: Db;
  runId: string;
  /** This invocation's instance id, which owns the run until it is handed on. */
  owner: string;
  checkpoint: LoopCheckpoint;
  origin?: string;
  logLine: LogLine;
}

/**
 * Marks the paused run as continuing and asks for the next invocation. Answers once that
 * invocation has taken the run, or the run was ended as interrupted because it could not.
 */
export async function handOffRun(input: HandOffInput): Promise<'handed-off' | 'interrupted' | 'not-running'> {
  const { db, runId, logLine } = input;
  const nonce = randomBytes(16).toString('base64url');
  const now = Date.now();
  const continuing = await landRunWrite(() =>
    markRunContinuing(db, { runId, instanceId: input.owner, leaseExpiresAt: now + HANDOFF_LEASE_MS, continuation: { nonce, checkpoint: input.checkpoint, origin: input.origin, handedOffAt: now } }),
  );
  // Taken over meanwhile (its lease ran out and it was recovered): nothing is left to hand on.
  if (!continuing) return 'not-running';
  let failure: string;
  try {
    const endpoint = continueEndpoint(runId, input.origin);
    const token = signContinuationToken({ runId, nonce, expiresAt: now + TOKEN_TTL_MS });
    const bypass = deploymentHost(endpoint) ? process.env.VERCEL_AUTOMATION_BYPASS_SECRET : undefined;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bypass ? { 'x-vercel-protection-bypass': bypass } : {}) },
      body: JSON.stringify({ token }),
      redirect: 'error',
      signal: AbortSignal.timeout(HANDOFF_REQUEST_TIMEOUT_MS),
    });
    if (response.ok) {
      logLine.info({ checkpoint: { iteration: input.checkpoint.iteration } }, 'run handed on to a new invocation');
      return 'handed-off';
    }
    failure = `${endpoint.origin} answered ${response.status}: ${(await response.text().catch(() => '')).slice(0, 300)}`;
  } catch (error) {
    // fetch says only "fetch failed": the reason (refused, DNS, timeout) is its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    failure = `${describeError(error)}${cause}`;
  }
  logLine.error({ failure }, 'handing the run on to a new invocation failed');
  const run = await getRun(db, runId);
  const end: RunEnd = { ...LOST_CONTINUATION_END, message: `${LOST_CONTINUATION_END.message} (${failure})` };
  if (run && (await interruptUnclaimedContinuation(db, run, nonce, end))) return 'interrupted';
  // The next invocation took it after all (its answer was lost on the way back).
  return 'handed-off';
}
