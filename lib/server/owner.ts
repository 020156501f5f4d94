import 'server-only';
import { accountsEnabled } from '@/lib/security/accounts-mode.mjs';
import { ApiError } from './api-error';
import type { Viewer } from './viewer';

export type { Viewer };

/**
 * Who is asking. Without accounts (no AUTH_SECRET) everyone who can reach the
 * local-only server is the one local owner, an admin. With accounts it is the
 * signed-in user (lib/server/auth.ts), and a request without a session is refused
 * with 401. Every row's `ownerId` is the viewer's `id`.
 */

/** The owner of everything made without accounts; the first account adopts it (lib/server/accounts.ts). */
export const LOCAL_OWNER_ID = 'local';

const LOCAL_VIEWER: Viewer = { id: LOCAL_OWNER_ID, role: 'admin', name: 'You', email: null, local: true };

type RequestLike = Request | Headers;

function headersOf(request: RequestLike): Headers {
  return request instanceof Headers ? request : request.headers;
}

/** One session lookup per request, however many functions ask. */
const viewersByRequest = new WeakMap<RequestLike, Promise<Viewer | null>>();

/** The signed-in viewer, or null with accounts on and no valid session. */
export async function findViewer(request: RequestLike): Promise<Viewer | null> {
  if (!accountsEnabled()) return LOCAL_VIEWER;
  let found = viewersByRequest.get(request);
  if (!found) {
    found = import('./auth').then(({ viewerFromHeaders }) => viewerFromHeaders(headersOf(request)));
    viewersByRequest.set(request, found);
  }
  return found;
}

/** The signed-in viewer; 401 `unauthorized` without one. */
export async function currentViewer(request: RequestLike): Promise<Viewer> {
  const viewer = await findViewer(request);
  if (!viewer) throw new ApiError('unauthorized', 'Sign in to continue.');
  return viewer;
}

/** The owner id of everything this request reads or writes; 401 without a session. */
export async function currentOwnerId(request: RequestLike): Promise<string> {
  return (await currentViewer(request)).id;
}

/** An admin; 401 without a session, 403 `forbidden` for anyone else. */
export async function requireAdmin(request: RequestLike): Promise<Viewer> {
  const viewer = await currentViewer(request);
  if (viewer.role !== 'admin') throw new ApiError('forbidden', 'Only an administrator can do this.');
  return viewer;
}

/** This server's address as the browser used it (PUBLIC_URL when set), for links it hands out. */
export function requestOrigin(request: Request): string {
  return process.env.PUBLIC_URL?.trim().replace(/\/+$/, '') || new URL(request.url).origin;
}
