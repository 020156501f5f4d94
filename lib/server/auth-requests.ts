import 'server-only';
import type { AccountView } from '@/lib/api/accounts';
import { isApiErrorCode, type ApiErrorCode } from '@/lib/api/errors';
import { accountsEnabled } from '@/lib/security/accounts-mode.mjs';
import { getAuth } from './auth';
import { ApiError, errorResponse, toApiError } from './http';
import { findViewer } from './owner';
import { assertUnderLimit, clientIp, limit, resetLimit } from './rate-limit';

/**
 * better-auth's own endpoints under /api/auth: passed through, with its error
 * answers rewritten into the API's `{ error: { code, message } }` shape (headers,
 * such as a cleared cookie, kept). Without accounts there is nothing here: 404.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  try {
    if (!accountsEnabled()) throw new ApiError('not_found', 'Accounts are off on this server.');
    // better-auth's admin plugin endpoints (impersonation, setting passwords, removing users) are not ours to offer:
    // the admin page works through /api/admin, which keeps this app's rules (invites, the last admin, usage).
    if (new URL(request.url).pathname.startsWith('/api/auth/admin/')) throw new ApiError('not_found', 'There is no API endpoint here.');
    const auth = await getAuth();
    const response = await limited(request, () => auth.handler(request));
    return response.ok ? await withoutSessionTokens(response) : await inOurShape(response);
  } catch (error) {
    return errorResponse(toApiError(error) ?? new ApiError('internal', 'Internal server error.'));
  }
}

/**
 * The brute-force limits: failed sign-ins per email from one IP (and per IP), counted
 * only when they fail and cleared by a success; password-reset attempts per IP.
 */
async function limited(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const path = new URL(request.url).pathname;
  const ip = clientIp(request);
  if (request.method === 'POST' && path.endsWith('/sign-in/email')) {
    const email = await emailOf(request);
    await assertUnderLimit('signIn', { ip, key: email });
    const response = await handle();
    if (response.status === 401 || response.status === 403) await limit('signIn', { ip, key: email });
    else if (response.ok) await resetLimit('signIn', { ip, key: email });
    return response;
  }
  if (request.method === 'POST' && path.endsWith('/reset-password')) await limit('passwordReset', { ip });
  return handle();
}

/** The email a sign-in names, read from a copy of the body (better-auth reads the original). */
async function emailOf(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * better-auth answers sign-in, get-session and list-sessions with the session token in the
 * body (for bearer clients). Ours use the httpOnly cookie alone: every `token` field is taken
 * out, so no script on the page can read a session token (tests/integration/session-token-bodies.test.ts).
 */
async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text, (key, value: unknown) => (key === 'token' ? undefined : value));
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}

const STATUS_CODES: Record<number, ApiErrorCode> = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 413: 'too_large', 422: 'bad_request', 429: 'rate_limited' };

async function inOurShape(response: Response): Promise<Response> {
  const text = await response.text();
  let message = 'The request could not be completed.';
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
  } catch {
    // not JSON: keep the plain message
  }
  const mapped = STATUS_CODES[response.status];
  const code: ApiErrorCode = mapped && isApiErrorCode(mapped) ? mapped : 'bad_request';
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  return new Response(JSON.stringify({ error: { code, message } }), { status: response.status >= 400 ? response.status : 400, headers });
}

/** Who is signed in, for the browser; `user: null` when nobody is (never a 401: the sign-in page asks too). */
export async function accountView(request: Request): Promise<AccountView> {
  const viewer = await findViewer(request);
  return {
    accounts: accountsEnabled(),
    user: viewer && { id: viewer.id, name: viewer.name, email: viewer.email, role: viewer.role },
  };
}
