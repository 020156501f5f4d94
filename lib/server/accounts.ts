import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { createIdGenerator } from 'ai';
import {
  claimInvite,
  countAdmins,
  countUsers,
  findUsableInvite,
  findUser,
  insertInvite,
  listInvites,
  listUsers,
  markInviteUsedBy,
  releaseInvite,
  revokeInvite,
  runUsageRows,
  sessionCountsByOwner,
  setUserBanned,
  setUserRole,
  transferOwnership,
} from '@/db/queries/accounts';
import type { InviteRow } from '@/db/schema';
import type { AdminInvite, AdminUser, SignUpInput } from '@/lib/api/accounts';
import { modelLimits, usageCost } from '@/lib/models/catalog';
import { logger } from '@/lib/log.mjs';
import { getAuth, takeIssuedResetToken } from './auth';
import { getAppDb } from './db';
import { ApiError } from './http';
import { readInstanceSettings } from './instance-settings';
import { clientIp, limit } from './rate-limit';
import { findViewer, LOCAL_OWNER_ID, requestOrigin, type Viewer } from './owner';
import { accountsEnabled } from '@/lib/security/accounts-mode.mjs';

/**
 * Who may have an account, and the admin's tools: invites, roles, suspension,
 * password-reset links, usage. better-auth owns passwords, sessions and cookies
 * (lib/server/auth.ts); this decides sign-up and answers the admin page.
 */

const INVITE_DAYS = 7;
const generateInviteId = createIdGenerator({ prefix: 'inv', size: 16 });

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What the sign-up page needs to know before anyone types. */
export async function signUpState(inviteToken: string | undefined): Promise<{ firstAccount: boolean; open: boolean; inviteValid: boolean; inviteEmail: string | null }> {
  const db = await getAppDb();
  const [users, settings, invite] = await Promise.all([countUsers(db), readInstanceSettings(), inviteToken ? findUsableInvite(db, hashToken(inviteToken)) : undefined]);
  return { firstAccount: users === 0, open: settings.signupOpen, inviteValid: Boolean(invite), inviteEmail: invite?.email ?? null };
}

// Sign-ups in this process one at a time, so two first sign-ups cannot both become admin here.
let signUpTail: Promise<unknown> = Promise.resolve();

/**
 * Creates an account when it may be created: the first account (the admin), open
 * sign-up, or a usable invite (taken atomically; given back if the account is not made).
 * Answers better-auth's response, which carries the session cookie.
 */
export function signUp(request: Request, input: SignUpInput): Promise<Response> {
  const next = signUpTail.then(() => signUpNow(request, input));
  signUpTail = next.catch(() => undefined);
  return next;
}

async function signUpNow(request: Request, input: SignUpInput): Promise<Response> {
  const ip = clientIp(request);
  await limit('signUp', { ip });
  if (input.invite) await limit('invite', { ip });
  const db = await getAppDb();
  const email = input.email.toLowerCase();
  const [users, settings] = await Promise.all([countUsers(db), readInstanceSettings()]);
  let invite: InviteRow | undefined;
  if (users > 0 && !settings.signupOpen) {
    invite = input.invite ? await findUsableInvite(db, hashToken(input.invite)) : undefined;
    if (!invite) throw new ApiError('forbidden', input.invite ? 'This invite link is no longer valid. Ask an administrator for a new one.' : 'Sign-up is by invitation only. Ask an administrator for an invite link.');
    if (invite.email && invite.email.toLowerCase() !== email) throw new ApiError('forbidden', 'This invite link is for another email address.');
    if (!(await claimInvite(db, invite.id))) throw new ApiError('forbidden', 'This invite link was just used. Ask an administrator for a new one.');
  }
  const auth = await getAuth();
  try {
    const response = await auth.api.signUpEmail({ body: { name: input.name, email, password: input.password }, headers: request.headers, request, asResponse: true });
    if (!response.ok) {
      if (invite) await releaseInvite(db, invite.id);
      return authFailure(response);
    }
    const created = (await response.json()) as { user?: { id?: string; name?: string; email?: string; role?: string } };
    const userId = created.user?.id;
    if (!userId) throw new ApiError('internal', 'The account could not be created.');
    let role = created.user?.role === 'admin' ? 'admin' : 'user';
    if (invite) {
      await markInviteUsedBy(db, invite.id, userId);
      if (invite.role === 'admin') {
        await setUserRole(db, userId, 'admin');
        role = 'admin';
      }
    }
    // The first account adopts what was made before accounts were on (the single local owner's sessions, servers, keys).
    const adopted = users === 0 ? await transferOwnership(db, LOCAL_OWNER_ID, userId) : 0;
    logger.info({ userId, viaInvite: Boolean(invite), first: users === 0, adoptedRows: adopted }, 'account created');
    // The session token travels only in the httpOnly cookie, never in a body scripts can read.
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify({ user: { id: userId, name: created.user?.name, email: created.user?.email, role } }), { status: 201, headers });
  } catch (error) {
    if (invite) await releaseInvite(db, invite.id);
    if (error instanceof APIError) throw new ApiError('bad_request', error.message);
    throw error;
  }
}

/** better-auth's error answer in our shape: `{ error: { code, message } }`. */
async function authFailure(response: Response): Promise<never> {
  const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
  const message = body.message ?? 'The account could not be created.';
  if (response.status === 422 || body.code === 'USER_ALREADY_EXISTS' || body.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    throw new ApiError('name_taken', 'An account with this email already exists. Sign in instead.');
  }
  throw new ApiError('bad_request', message);
}

export async function createInvite(viewer: Viewer, input: { email?: string; role: 'user' | 'admin'; origin: string }): Promise<AdminInvite & { url: string }> {
  const token = randomBytes(24).toString('base64url');
  const now = Date.now();
  const row = await insertInvite(await getAppDb(), {
    id: generateInviteId(),
    tokenHash: hashToken(token),
    email: input.email?.toLowerCase() ?? null,
    role: input.role,
    createdBy: viewer.id,
    createdAt: now,
    expiresAt: now + INVITE_DAYS * 24 * 60 * 60 * 1000,
  });
  return { ...toAdminInvite(row), url: `${input.origin}/sign-up?invite=${token}` };
}

function toAdminInvite(row: InviteRow): AdminInvite {
  const status = row.usedAt ? 'used' : row.revokedAt ? 'revoked' : row.expiresAt <= Date.now() ? 'expired' : 'pending';
  return { id: row.id, email: row.email, role: row.role, createdAt: row.createdAt, expiresAt: row.expiresAt, status, usedBy: row.usedBy };
}

export async function adminInvites(): Promise<AdminInvite[]> {
  return (await listInvites(await getAppDb())).map(toAdminInvite);
}

export async function revokeInviteFor(id: string): Promise<void> {
  if (!(await revokeInvite(await getAppDb(), id))) throw new ApiError('not_found', 'Invite not found (or already used).');
}

/** Every account with its usage: sessions, runs, tokens and cost at list prices (where the model's price is known). */
export async function adminUsers(): Promise<AdminUser[]> {
  const db = await getAppDb();
  const [users, sessionCounts, runRows] = await Promise.all([listUsers(db), sessionCountsByOwner(db), runUsageRows(db)]);
  const sessionsOf = new Map(sessionCounts.map((row) => [row.ownerId, row.n]));
  const usage = new Map<string, { runs: number; inputTokens: number; outputTokens: number; cost: number | null; lastRunAt: number | null }>();
  for (const run of runRows) {
    const entry = usage.get(run.ownerId) ?? { runs: 0, inputTokens: 0, outputTokens: 0, cost: null, lastRunAt: null };
    entry.runs++;
    entry.lastRunAt = Math.max(entry.lastRunAt ?? 0, run.startedAt);
    if (run.usage) {
      entry.inputTokens += run.usage.inputTokens;
      entry.outputTokens += run.usage.outputTokens;
      const price = usageCost(run.usage, modelLimits(run.modelKey).pricing);
      if (price !== undefined) entry.cost = (entry.cost ?? 0) + price;
    }
    usage.set(run.ownerId, entry);
  }
  return users.map((row) => {
    const spent = usage.get(row.id);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role === 'admin' ? 'admin' : 'user',
      suspended: Boolean(row.banned),
      createdAt: row.createdAt.getTime(),
      sessions: sessionsOf.get(row.id) ?? 0,
      runs: spent?.runs ?? 0,
      inputTokens: spent?.inputTokens ?? 0,
      outputTokens: spent?.outputTokens ?? 0,
      cost: spent?.cost ?? null,
      lastRunAt: spent?.lastRunAt ?? null,
    };
  });
}

/** Role or suspension; the last active admin cannot demote or suspend themselves away. */
export async function updateUserFor(viewer: Viewer, id: string, patch: { role?: 'admin' | 'user'; suspended?: boolean }): Promise<AdminUser> {
  const db = await getAppDb();
  const target = await findUser(db, id);
  if (!target) throw new ApiError('not_found', 'User not found.');
  const losesAdmin = target.role === 'admin' && (patch.role === 'user' || patch.suspended === true);
  if (losesAdmin && (await countAdmins(db)) <= 1) throw new ApiError('forbidden', 'This is the only administrator: make someone else an administrator first.');
  if (patch.suspended === true && id === viewer.id) throw new ApiError('forbidden', 'You cannot suspend your own account.');
  if (patch.role) await setUserRole(db, id, patch.role);
  if (patch.suspended !== undefined) await setUserBanned(db, id, patch.suspended);
  const updated = (await adminUsers()).find((u) => u.id === id);
  if (!updated) throw new ApiError('not_found', 'User not found.');
  return updated;
}

/** A one-time link that sets a new password (valid 24 h); the admin passes it on, since no mail server is assumed. */
export async function resetLinkFor(request: Request, id: string): Promise<{ url: string; expiresAt: number }> {
  const db = await getAppDb();
  const target = await findUser(db, id);
  if (!target) throw new ApiError('not_found', 'User not found.');
  const auth = await getAuth();
  await auth.api.requestPasswordReset({ body: { email: target.email, redirectTo: '/reset-password' }, headers: request.headers, request });
  const token = takeIssuedResetToken(target.id);
  if (!token) throw new ApiError('internal', 'The reset link could not be made.');
  return { url: `${requestOrigin(request)}/reset-password?token=${encodeURIComponent(token)}`, expiresAt: Date.now() + 24 * 60 * 60 * 1000 };
}

/** Where an auth page sends the visitor instead of showing itself: home when accounts are off or they are signed in, sign-up before the first account exists. */
export async function authPageRedirect(requestHeaders: Headers, page: 'sign-in' | 'sign-up' | 'reset-password'): Promise<string | null> {
  if (!accountsEnabled()) return '/';
  if (page !== 'reset-password' && (await findViewer(requestHeaders))) return '/';
  if (page === 'sign-in' && (await countUsers(await getAppDb())) === 0) return '/sign-up';
  return null;
}
