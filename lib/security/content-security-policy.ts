/**
 * The Content-Security-Policy of every page, built per request by proxy.ts around a
 * fresh nonce (the "strict CSP" of Next's guide, node_modules/next/dist/docs/01-app/
 * 02-guides/content-security-policy.md). Framework-free so it can be tested alone.
 *
 * Why each directive reads as it does:
 * - script-src: only scripts carrying this response's nonce run, and what they load
 *   ('strict-dynamic'). Next puts the nonce on its own scripts (it reads it from the
 *   request's CSP header); the theme script gets it from the root layout. 'self' is a
 *   fallback for browsers without 'strict-dynamic'. Development adds 'unsafe-eval'
 *   (React rebuilds server error stacks with eval); production never does.
 * - style-src 'self' 'unsafe-inline': sonner inserts its stylesheet as a <style>
 *   element without a nonce when it loads, Radix's scroll lock inserts one too, and
 *   server-rendered markup carries style attributes (which nonces never cover). A nonce
 *   here would block them all. CSS cannot run script; the XSS defence is script-src.
 * - img-src 'self' data: blob: : the app draws its own icons; markdown images from
 *   model output are never fetched (components/chat/markdown.tsx), and this enforces it.
 * - connect-src 'self': fetch and the run streams go to this origin only.
 * - frame-ancestors: 'none', except a share page whose owner allowed embedding.
 */

/** `frame-ancestors` for pages nobody may frame. */
export const NO_FRAMING = "'none'";

export interface PolicyOptions {
  nonce: string;
  /** The `frame-ancestors` sources: NO_FRAMING, `*`, or a list of origins. */
  frameAncestors: string;
  /** Development server: React needs eval for its error overlay. */
  development?: boolean;
}

export function contentSecurityPolicy({ nonce, frameAncestors, development = false }: PolicyOptions): string {
  const directives: Array<[string, string]> = [
    ['default-src', "'self'"],
    ['script-src', `'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: blob:"],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', frameAncestors],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** 128 random bits, base64: a new one for every response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** An origin a frame-ancestors list may name: scheme, host (optionally `*.` for subdomains) and port, nothing else. */
const EMBED_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/**
 * `frame-ancestors` of a share page whose owner allowed embedding: any site (`*`), or
 * only the origins in SHARE_EMBED_ORIGINS (comma-separated, e.g.
 * `https://blog.example.com, https://*.example.org`). Entries that are not origins are
 * ignored; when none is left the page cannot be framed at all (fail closed).
 */
export function embedFrameAncestors(env: Record<string, string | undefined> = process.env): string {
  const configured = env.SHARE_EMBED_ORIGINS?.trim();
  if (!configured) return '*';
  const origins = configured
    .split(',')
    .map((entry) => entry.trim().replace(/\/$/, ''))
    .filter((entry) => EMBED_ORIGIN.test(entry));
  return origins.length > 0 ? [...new Set(origins)].join(' ') : NO_FRAMING;
}
