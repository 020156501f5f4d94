import 'server-only';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { count } from 'drizzle-orm';
import { account, session, user, verification } from '@/db/schema';
import type { Db } from '@/db/client';
import { accountsMode } from '@/lib/security/accounts-mode.mjs';
import { getAppDb } from './db';
import type { Viewer } from './viewer';

/**
 * Accounts (issue 13): better-auth with its drizzle adapter on the app's own
 * database. Email and password; httpOnly SameSite=Lax cookies, Secure behind
 * https; the first account is the admin. Public sign-up through better-auth's own
 * endpoint is off: lib/server/accounts.ts decides who may sign up (open sign-up,
 * or an invite) and then creates the account with `auth.api.signUpEmail`.
 * Password reset works through a link an admin makes (no mail server assumed):
 * `sendResetPassword` hands the token back to the admin's request instead of mailing it.
 */

const SESSION_DAYS = 30;

/** Reset tokens made for the admin's request that asked for them, by user id (read once). */
const issuedResetTokens = new Map<string, string>();

function createAuth(db: Db, secret: string) {
  const publicUrl = process.env.PUBLIC_URL?.trim();
  return betterAuth({
    appName: 'Agent Playground',
    secret,
    // Our server checked the Host header against the allowlist before Next saw the request.
    baseURL: publicUrl || { allowedHosts: ['*'], protocol: 'auto', fallback: `http://localhost:${process.env.PORT?.trim() || '3000'}` },
    database: drizzleAdapter(db, { provider: 'sqlite', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      maxPasswordLength: 200,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 24 * 60 * 60,
      sendResetPassword: async ({ user: target, token }) => {
        issuedResetTokens.set(target.id, token);
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    // Sign-up goes through /api/account/sign-up (invites); the rate limits are ours (lib/server/rate-limit.ts).
    disabledPaths: ['/sign-up/email'],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: publicUrl?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
    databaseHooks: {
      user: {
        create: {
          // The first account is the admin. (Sign-up is serialized by lib/server/accounts.ts.)
          before: async (data) => {
            const [row] = await db.select({ n: count() }).from(user);
            return { data: { ...data, role: (row?.n ?? 0) === 0 ? 'admin' : (data.role ?? 'user') } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as { __agentAuth?: Promise<Auth> };

/** The process's better-auth instance; only with accounts on. */
export function getAuth(): Promise<Auth> {
  const mode = accountsMode();
  if (!mode.on) throw new Error('error' in mode ? mode.error : 'Accounts are off: set AUTH_SECRET to turn them on.');
  globalForAuth.__agentAuth ??= getAppDb().then((db) => createAuth(db, mode.secret));
  return globalForAuth.__agentAuth;
}

/** The viewer a request's session cookie names, or null (no cookie, expired, banned). */
export async function viewerFromHeaders(headers: Headers): Promise<Viewer | null> {
  if (!headers.get('cookie')) return null;
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  const { user: u } = found;
  return { id: u.id, role: u.role === 'admin' ? 'admin' : 'user', name: u.name, email: u.email, local: false };
}

/** The reset token better-auth just made for this user (see sendResetPassword); answered once. */
export function takeIssuedResetToken(userId: string): string | undefined {
  const token = issuedResetTokens.get(userId);
  issuedResetTokens.delete(userId);
  return token;
}
