import 'server-only';
import type { AccountView } from '@/lib/api/accounts';
import { isApiErrorCode, type ApiErrorCode } from '@/lib/api/errors';
import { accountsEnabled } from '@/lib/security/accounts-mode.mjs';
import { getAuth } from './auth';
import { ApiError, errorResponse, toApiError } from './http';
import { findViewer } from './owner';

/**
 * better-auth's own endpoints under /api/auth: passed through, with its error
 * answers rewritten into the API's `{ error: { code, message } }` shape (headers,
 * such as a cleared cookie, kept). Without accounts there is nothing here: 404.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  try {
    if (!accountsEnabled()) throw new ApiError('not_found', 'Accounts are off on this server.');
    const auth = await getAuth();
    const response = await auth.handler(request);
    return response.ok ? response : await inOurShape(response);
  } catch (error) {
    return errorResponse(toApiError(error) ?? new ApiError('internal', 'Internal server error.'));
  }
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
