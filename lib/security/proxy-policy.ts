import { allowListFromEnv, checkRequest, PEER_HEADER, SERVER_MARK_ENV, SERVER_MARK_HEADER, type AllowList } from './request-guard.mjs';
import { contentSecurityPolicy, embedFrameAncestors, newNonce, NO_FRAMING } from './content-security-policy';

/**
 * What proxy.ts does with a request, decided without Next so it can be tested alone.
 *
 * 1. The request guard (lib/security/request-guard.mjs: Host allowlist, same-origin
 *    writes, JSON only, declared size), always. Behind scripts/server.mjs the request
 *    already passed it, and it passes again (the checks are pure); on Vercel, or under a
 *    bare `next start`, this is the only place it runs. Streamed body limits stay in the
 *    server.
 * 2. Headers only our server may set (the peer, the socket address: every
 *    `x-agent-playground-*` header) are trusted only when the request carries this
 *    process's server mark; otherwise they are dropped and the peer is "remote", so a
 *    client cannot claim to be the operator at this machine.
 * 3. Pages get a Content-Security-Policy with a fresh nonce (x-nonce and the CSP
 *    request header tell Next and the root layout), and no framing, except a share page
 *    whose owner allowed embedding.
 */

export type ProxyDecision =
  | { action: 'refuse'; status: number; code: string; message: string }
  | { action: 'continue'; requestHeaders: Headers; responseHeaders: Record<string, string> };

export interface ProxyRequest {
  method: string;
  url: string;
  headers: Headers;
}

export interface ProxyDeps {
  env: Record<string, string | undefined>;
  /** Whether the share behind a token may be shown in frames on other sites (unknown, revoked, expired: false). */
  shareAllowsEmbedding: (token: string) => Promise<boolean>;
}

/** Headers our server sets after removing whatever the client sent under these names. */
const INTERNAL_HEADER_PREFIX = 'x-agent-playground-';

/** A share page: /share/<token> (not the API's /api/share/…). */
const SHARE_PAGE = /^\/share\/([A-Za-z0-9_-]+)\/?$/;

export async function decideProxy(request: ProxyRequest, deps: ProxyDeps): Promise<ProxyDecision> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  let allowList: AllowList;
  try {
    allowList = allowListWithPlatformHosts(deps.env);
  } catch (error) {
    return { action: 'refuse', status: 500, code: 'internal', message: `The server is misconfigured: ${error instanceof Error ? error.message : String(error)}` };
  }
  const verdict = checkRequest({ method: request.method, headers: Object.fromEntries(headers) }, allowList, `${url.pathname}${url.search}`);
  if (!verdict.ok) return { action: 'refuse', status: verdict.status, code: verdict.code, message: verdict.message };

  if (!cameThroughOurServer(headers, deps.env)) {
    for (const name of [...headers.keys()]) if (name.startsWith(INTERNAL_HEADER_PREFIX)) headers.delete(name);
    headers.set(PEER_HEADER, 'remote');
  }
  headers.delete(SERVER_MARK_HEADER);

  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return { action: 'continue', requestHeaders: headers, responseHeaders: {} };

  const share = SHARE_PAGE.exec(url.pathname);
  const embeddable = share ? await frameableShare(share[1], headers, deps) : false;
  const nonce = newNonce();
  const policy = contentSecurityPolicy({
    nonce,
    frameAncestors: embeddable ? embedFrameAncestors(deps.env) : NO_FRAMING,
    development: deps.env.NODE_ENV === 'development',
  });
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);
  const responseHeaders: Record<string, string> = { 'content-security-policy': policy };
  if (!embeddable) responseHeaders['x-frame-options'] = 'DENY';
  return { action: 'continue', requestHeaders: headers, responseHeaders };
}

/** Scripts/server.mjs stamped it with the mark it keeps in the environment; no mark configured: never. */
function cameThroughOurServer(headers: Headers, env: Record<string, string | undefined>): boolean {
  const expected = env[SERVER_MARK_ENV];
  return Boolean(expected) && headers.get(SERVER_MARK_HEADER) === expected;
}

/**
 * Whether to look the share up: frame-ancestors matters only for a document loaded in a
 * frame. Fetches (a live page's refreshes, prefetches: Sec-Fetch-Dest "empty") are never
 * framed, so they skip the database read; anything else, or no such header, is looked up.
 */
async function frameableShare(token: string, headers: Headers, deps: ProxyDeps): Promise<boolean> {
  if (headers.get('sec-fetch-dest') === 'empty') return false;
  return deps.shareAllowsEmbedding(token);
}

/**
 * The request guard's allowlist, plus the host names Vercel gives a deployment
 * (VERCEL_URL, VERCEL_BRANCH_URL, VERCEL_PROJECT_PRODUCTION_URL), so the same code
 * deploys there unchanged. Everywhere else these variables are unset.
 */
function allowListWithPlatformHosts(env: Record<string, string | undefined>): AllowList {
  const platformHosts = [env.VERCEL_URL, env.VERCEL_BRANCH_URL, env.VERCEL_PROJECT_PRODUCTION_URL].filter((host): host is string => Boolean(host?.trim()));
  if (platformHosts.length === 0) return allowListFromEnv(env);
  return allowListFromEnv({ ...env, ALLOWED_HOSTS: [env.ALLOWED_HOSTS, ...platformHosts].filter(Boolean).join(',') });
}
