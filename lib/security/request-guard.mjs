// @ts-check
/**
 * The request policy every HTTP request meets before Next sees it (scripts/server.mjs
 * applies it). Plain JavaScript so the Node server can import it without a build, and
 * framework-free so the same verdicts can back a `proxy.ts` on hosts without our
 * server (Vercel, a later issue).
 *
 * It closes the drive-by holes of a local web app (the class of the MCP Inspector's
 * CVE-2025-49596):
 * - DNS rebinding: a page on `rebind.evil.example` that resolves to 127.0.0.1 sends
 *   `Host: rebind.evil.example`. Only allowed host names are served, GETs included.
 * - Cross-site writes: a `text/plain` or form POST needs no CORS preflight. Writes must
 *   come from this origin (Sec-Fetch-Site, else Origin), or, from a non-browser client
 *   without either header, carry `Content-Type: application/json`, which a browser
 *   cannot send cross-site without a preflight (and the server never grants one).
 * - Non-JSON writes never reach a handler: 415.
 */

/** Every request body is cut off past this many bytes, except on LARGE_BODY_ROUTES. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/**
 * Routes that take larger bodies: a session import carries its workspace (up to 10 MiB, as base64); a chat message
 * its images (up to 8 MiB as base64 plus its text: MAX_CHAT_BODY_BYTES, lib/api/chat-request.ts); a dictation its
 * audio (MAX_TRANSCRIBE_BODY_BYTES, lib/api/transcribe-request.ts). Each route checks its own, lower limit again.
 */
const LARGE_BODY_ROUTES = new Map([
  ['/api/sessions/import', 16 * 1024 * 1024],
  ['/api/chat', 12 * 1024 * 1024],
  ['/api/transcribe', 5 * 1024 * 1024],
]);

/**
 * The body limit of a request target (path and query).
 * @param {string} target
 */
export function bodyLimitFor(target) {
  const pathname = target.split('?', 1)[0];
  return LARGE_BODY_ROUTES.get(pathname) ?? MAX_REQUEST_BODY_BYTES;
}

/** Host names served without configuration, on any port. */
const DEFAULT_ALLOWED_HOSTS = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * @typedef {{ hosts: Set<string>, wildcards: string[], origins: Set<string> }} AllowList
 * @typedef {{ ok: true } | { ok: false, status: number, code: string, message: string, reason: string }} Verdict
 * @typedef {Record<string, string | string[] | undefined>} HeaderBag
 */

/**
 * Splits a Host header value (or a URL's host) into a lower-case host name and port.
 * IPv6 literals keep their brackets, so `[::1]:3000` → `{ hostname: '[::1]', port: '3000' }`.
 * @param {string} value
 * @returns {{ hostname: string, port: string } | null}
 */
export function parseHost(value) {
  const host = value.trim().toLowerCase();
  if (host === '' || /[\s/\\@?#]/.test(host)) return null;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return null;
    const rest = host.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
    return { hostname: host.slice(0, end + 1), port: rest.slice(1) };
  }
  const colon = host.lastIndexOf(':');
  if (colon >= 0) {
    const port = host.slice(colon + 1);
    if (!/^\d{1,5}$/.test(port) || host.indexOf(':') !== colon) return null;
    return { hostname: host.slice(0, colon).replace(/\.$/, ''), port };
  }
  return { hostname: host.replace(/\.$/, ''), port: '' };
}

/**
 * The hosts and origins this server answers for: the loopback names, plus the host of
 * PUBLIC_URL and every entry of ALLOWED_HOSTS (comma-separated host names, `host:port`,
 * or `*.example.com` for every subdomain).
 * @param {Record<string, string | undefined>} [env]
 * @returns {AllowList}
 */
export function allowListFromEnv(env = process.env) {
  /** @type {AllowList} */
  const list = { hosts: new Set(DEFAULT_ALLOWED_HOSTS), wildcards: [], origins: new Set() };
  const publicUrl = env.PUBLIC_URL?.trim();
  if (publicUrl) {
    if (!URL.canParse(publicUrl)) throw new Error(`PUBLIC_URL is not a URL: ${publicUrl}`);
    const url = new URL(publicUrl);
    list.hosts.add(url.hostname.toLowerCase());
    list.origins.add(url.origin);
  }
  for (const entry of (env.ALLOWED_HOSTS ?? '').split(',')) {
    const trimmed = entry.trim().toLowerCase();
    if (!trimmed) continue;
    if (trimmed.startsWith('*.')) {
      list.wildcards.push(trimmed.slice(1)); // ".example.com"
      continue;
    }
    const parsed = parseHost(trimmed);
    if (!parsed) throw new Error(`ALLOWED_HOSTS has an entry that is not a host name: ${entry.trim()}`);
    list.hosts.add(parsed.hostname);
  }
  return list;
}

/**
 * @param {string} hostname
 * @param {AllowList} list
 */
function isAllowedHostname(hostname, list) {
  return list.hosts.has(hostname) || list.wildcards.some((suffix) => hostname.endsWith(suffix) && hostname.length > suffix.length);
}

/**
 * @param {HeaderBag} headers
 * @param {string} name
 */
function header(headers, name) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * @param {number} status
 * @param {string} code
 * @param {string} message
 * @param {string} reason
 * @returns {Verdict}
 */
function reject(status, code, message, reason) {
  return { ok: false, status, code, message, reason };
}

/**
 * The Host allowlist, for every request.
 * @param {HeaderBag} headers
 * @param {AllowList} list
 * @returns {Verdict}
 */
export function checkHost(headers, list) {
  const raw = header(headers, 'host') ?? '';
  const parsed = parseHost(raw);
  if (parsed && isAllowedHostname(parsed.hostname, list)) return { ok: true };
  const shown = raw.slice(0, 100) || '(none)';
  const name = parsed?.hostname ?? 'your.host.name';
  return reject(
    403,
    'host_not_allowed',
    `This server does not answer for the host "${shown}". If you meant to serve it, add it to ALLOWED_HOSTS (e.g. ALLOWED_HOSTS=${name}) or set PUBLIC_URL, then restart.`,
    `host ${shown} not in the allowlist`,
  );
}

/**
 * Same-origin writes: Sec-Fetch-Site when the browser sends it; else an Origin of this
 * very host (or PUBLIC_URL's origin); else, with neither header, a non-browser client
 * that says it sends JSON.
 * @param {string} method
 * @param {HeaderBag} headers
 * @param {AllowList} list
 * @returns {Verdict}
 */
function checkWriteOrigin(method, headers, list) {
  if (!MUTATING_METHODS.has(method.toUpperCase())) return { ok: true };
  const site = header(headers, 'sec-fetch-site')?.trim().toLowerCase();
  const origin = header(headers, 'origin')?.trim();
  const crossSite = 'Cross-site requests cannot change anything here. Use the app itself, or send JSON from a script (Content-Type: application/json).';
  if (site) {
    if (site === 'same-origin' || site === 'none') return { ok: true };
    return reject(403, 'cross_site', crossSite, `Sec-Fetch-Site: ${site.slice(0, 40)}`);
  }
  if (origin !== undefined) {
    if (isOwnOrigin(origin, header(headers, 'host') ?? '', list)) return { ok: true };
    return reject(403, 'cross_site', crossSite, `Origin ${origin.slice(0, 100)} is not this server`);
  }
  if (isJsonContentType(header(headers, 'content-type'))) return { ok: true };
  return reject(403, 'cross_site', crossSite, 'no Sec-Fetch-Site or Origin, and not JSON');
}

/**
 * An Origin is ours when it names the host the request was sent to (a proxy that strips
 * Sec-Fetch-Site still leaves Origin), or PUBLIC_URL's origin (behind a TLS proxy).
 * `null` (sandboxed frames, file://) is never ours.
 * @param {string} origin
 * @param {string} hostHeader
 * @param {AllowList} list
 */
function isOwnOrigin(origin, hostHeader, list) {
  if (list.origins.has(origin)) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const fromOrigin = parseHost(url.host);
  const requested = parseHost(hostHeader);
  if (!fromOrigin || !requested || !isAllowedHostname(fromOrigin.hostname, list)) return false;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  return fromOrigin.hostname === requested.hostname && (fromOrigin.port || defaultPort) === (requested.port || defaultPort);
}

/** @param {string | undefined} value */
export function isJsonContentType(value) {
  if (!value) return false;
  const type = value.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/**
 * Writes carry JSON: a form or text/plain body never reaches a handler.
 * @param {string} method
 * @param {HeaderBag} headers
 * @returns {Verdict}
 */
function checkContentType(method, headers) {
  if (!MUTATING_METHODS.has(method.toUpperCase())) return { ok: true };
  const type = header(headers, 'content-type');
  if (isJsonContentType(type)) return { ok: true };
  return reject(
    415,
    'unsupported_media_type',
    'This endpoint accepts only JSON: send the request with Content-Type: application/json.',
    `Content-Type ${(type ?? '(none)').slice(0, 80)}`,
  );
}

/**
 * A body declared larger than the limit is refused before a byte of it is read.
 * @param {HeaderBag} headers
 * @param {number} [limit]
 * @returns {Verdict}
 */
function checkDeclaredLength(headers, limit = MAX_REQUEST_BODY_BYTES) {
  const declared = Number(header(headers, 'content-length') ?? 0);
  if (!(declared > limit)) return { ok: true };
  return tooLarge(limit, `Content-Length ${declared}`);
}

/**
 * @param {number} limit
 * @param {string} reason
 * @returns {Verdict}
 */
export function tooLarge(limit, reason) {
  return reject(413, 'too_large', `Request body too large (limit ${limit.toLocaleString('en')} bytes).`, reason);
}

/**
 * A path that does not decode (`/api/%zz`) is a client error, not a crash further in.
 * @param {string} target the request target, e.g. `/api/sessions?x=1`
 * @returns {Verdict}
 */
function checkPath(target) {
  const pathname = target.split('?')[0] ?? '';
  try {
    decodeURIComponent(pathname);
    return { ok: true };
  } catch {
    return reject(400, 'bad_path', 'The request path is malformed (invalid percent-encoding).', `undecodable path ${pathname.slice(0, 100)}`);
  }
}

/** The methods a route can implement (Next's own list). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Any other method (TRACE, PROPFIND…) is implemented by no address here: a JSON 501, where
 * Next would answer an empty 400 or a plain-text 500.
 * @param {string} method
 * @returns {Verdict}
 */
function checkMethod(method) {
  if (KNOWN_METHODS.has(method)) return { ok: true };
  const shown = method.slice(0, 20);
  return reject(501, 'not_implemented', `This server does not implement ${shown} requests.`, `method ${shown}`);
}

/**
 * Every check, in order: host, path, method, then (for writes) origin, then content type and size.
 * @param {{ method: string, headers: HeaderBag }} request
 * @param {AllowList} list
 * @param {string} [target] the request target (path and query)
 * @returns {Verdict}
 */
export function checkRequest(request, list, target = '/') {
  for (const verdict of [
    checkHost(request.headers, list),
    checkPath(target),
    checkMethod(request.method),
    checkWriteOrigin(request.method, request.headers, list),
    checkContentType(request.method, request.headers),
    checkDeclaredLength(request.headers, bodyLimitFor(target)),
  ]) {
    if (!verdict.ok) return verdict;
  }
  return { ok: true };
}

/**
 * Whether the peer is this machine itself: a loopback socket address and no sign of a
 * proxy in between (a reverse proxy on this host would make every visitor look local).
 * @param {string | undefined} remoteAddress
 * @param {HeaderBag} headers
 */
export function isLoopbackPeer(remoteAddress, headers) {
  if (!remoteAddress) return false;
  if (header(headers, 'x-forwarded-for') || header(headers, 'forwarded') || header(headers, 'x-real-ip')) return false;
  const address = remoteAddress.replace(/^::ffff:/, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/** Set by scripts/server.mjs on every request it hands to Next (any incoming value is removed first). */
export const PEER_HEADER = 'x-agent-playground-peer';

/**
 * Says "this request came through scripts/server.mjs": the server sets it on every request
 * it hands to Next (over any value a client sent) to a random value made at its start and
 * kept in the environment variable SERVER_MARK_ENV. proxy.ts trusts PEER_HEADER only with
 * a matching mark; without our server in front (Vercel, `next start`) nothing sets either.
 */
export const SERVER_MARK_HEADER = 'x-agent-playground-server';
export const SERVER_MARK_ENV = 'AGENT_PLAYGROUND_SERVER_MARK';

/** The socket's remote address, set by scripts/server.mjs the same way (for per-IP rate limits; lib/server/rate-limit.ts). */
export const REMOTE_ADDRESS_HEADER = 'x-agent-playground-remote-address';
