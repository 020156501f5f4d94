import { describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy, embedFrameAncestors } from '@/lib/security/content-security-policy';
import { decideProxy, type ProxyDecision, type ProxyDeps } from '@/lib/security/proxy-policy';
import { PEER_HEADER, SERVER_MARK_ENV, SERVER_MARK_HEADER } from '@/lib/security/request-guard.mjs';

const ORIGIN = 'http://127.0.0.1:3000';
const JSON_TYPE = { 'content-type': 'application/json' };
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx12345678';

function request(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return { method: init.method ?? 'GET', url: `${ORIGIN}${path}`, headers: new Headers({ host: '127.0.0.1:3000', ...init.headers }) };
}

function deps(overrides: Partial<ProxyDeps> = {}): ProxyDeps {
  return { env: {}, shareAllowsEmbedding: vi.fn(async () => false), ...overrides };
}

function continued(decision: ProxyDecision) {
  if (decision.action !== 'continue') throw new Error(`refused: ${decision.code} ${decision.message}`);
  return decision;
}

function nonceIn(policy: string | undefined): string {
  return /'nonce-([^']+)'/.exec(policy ?? '')?.[1] ?? '';
}

describe('the request guard, in the proxy', () => {
  it('refuses a cross-site write that reaches Next without our server, with the API error shape', async () => {
    const decision = await decideProxy(
      request('/api/sessions', { method: 'POST', headers: { ...JSON_TYPE, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }),
      deps(),
    );
    expect(decision).toMatchObject({ action: 'refuse', status: 403, code: 'cross_site' });
  });

  it.each([
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }, 415, 'unsupported_media_type'],
    ['text/plain without browser headers', { 'content-type': 'text/plain' }, 403, 'cross_site'],
    ['a declared 20 MB body', { ...JSON_TYPE, 'content-length': String(20 * 1024 * 1024) }, 413, 'too_large'],
  ])('refuses %s', async (_label, headers, status, code) => {
    expect(await decideProxy(request('/api/sessions', { method: 'POST', headers }), deps())).toMatchObject({ action: 'refuse', status, code });
  });

  it('refuses a host name it does not serve, pages and GETs included', async () => {
    const decision = await decideProxy({ method: 'GET', url: 'http://rebind.evil.example/', headers: new Headers({ host: 'rebind.evil.example' }) }, deps());
    expect(decision).toMatchObject({ action: 'refuse', status: 403, code: 'host_not_allowed' });
  });

  it('lets same-origin JSON writes through, with no page headers on API answers', async () => {
    const decision = continued(await decideProxy(request('/api/sessions', { method: 'POST', headers: { ...JSON_TYPE, 'sec-fetch-site': 'same-origin' } }), deps()));
    expect(decision.responseHeaders).toEqual({});
    expect(decision.requestHeaders.get('x-nonce')).toBeNull();
  });

  it("serves the host names Vercel gives a deployment", async () => {
    const env = { VERCEL_URL: 'playground-abc123.vercel.app', VERCEL_PROJECT_PRODUCTION_URL: 'playground.example.com' };
    for (const host of ['playground-abc123.vercel.app', 'playground.example.com']) {
      const decision = await decideProxy({ method: 'GET', url: `https://${host}/`, headers: new Headers({ host }) }, deps({ env }));
      expect(decision.action, host).toBe('continue');
    }
    expect(await decideProxy({ method: 'GET', url: 'https://other.vercel.app/', headers: new Headers({ host: 'other.vercel.app' }) }, deps({ env }))).toMatchObject({
      action: 'refuse',
      code: 'host_not_allowed',
    });
  });

  it('answers a misconfigured allowlist with a 500 that names the setting', async () => {
    expect(await decideProxy(request('/'), deps({ env: { PUBLIC_URL: 'not a url' } }))).toMatchObject({ action: 'refuse', status: 500, code: 'internal', message: /PUBLIC_URL/ });
  });
});

describe('headers only our server may set', () => {
  const forged = { [PEER_HEADER]: 'loopback', 'x-agent-playground-remote-address': '127.0.0.1' };

  it('drops them and calls the peer remote when the request did not come through our server', async () => {
    for (const env of [{}, { [SERVER_MARK_ENV]: 'mark-of-this-process' }]) {
      const decision = continued(await decideProxy(request('/api/mcp-servers', { headers: { ...forged, [SERVER_MARK_HEADER]: 'a-guess' } }), deps({ env })));
      expect(decision.requestHeaders.get(PEER_HEADER)).toBe('remote');
      expect(decision.requestHeaders.get('x-agent-playground-remote-address')).toBeNull();
      expect(decision.requestHeaders.get(SERVER_MARK_HEADER)).toBeNull();
    }
  });

  it("keeps what our server set when the request carries this process's mark, and removes the mark", async () => {
    const env = { [SERVER_MARK_ENV]: 'mark-of-this-process' };
    const decision = continued(await decideProxy(request('/api/mcp-servers', { headers: { ...forged, [SERVER_MARK_HEADER]: 'mark-of-this-process' } }), deps({ env })));
    expect(decision.requestHeaders.get(PEER_HEADER)).toBe('loopback');
    expect(decision.requestHeaders.get('x-agent-playground-remote-address')).toBe('127.0.0.1');
    expect(decision.requestHeaders.get(SERVER_MARK_HEADER)).toBeNull();
  });
});

describe('the page policy', () => {
  it('gives each page a fresh nonce, in the response policy and in the headers Next and the layout read', async () => {
    const first = continued(await decideProxy(request('/s/abc'), deps()));
    const second = continued(await decideProxy(request('/s/abc'), deps()));
    const policy = first.responseHeaders['content-security-policy'];
    const nonce = nonceIn(policy);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceIn(second.responseHeaders['content-security-policy'])).not.toBe(nonce);
    expect(first.requestHeaders.get('x-nonce')).toBe(nonce);
    expect(first.requestHeaders.get('content-security-policy')).toBe(policy);
    expect(first.responseHeaders['x-frame-options']).toBe('DENY');
    expect(policy).toBe(contentSecurityPolicy({ nonce, frameAncestors: "'none'" }));
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic';`);
    expect(policy).not.toContain('unsafe-eval');
  });

  it("allows eval in development only (React's error overlay needs it)", async () => {
    const decision = continued(await decideProxy(request('/'), deps({ env: { NODE_ENV: 'development' } })));
    expect(decision.responseHeaders['content-security-policy']).toContain("'strict-dynamic' 'unsafe-eval';");
  });

  it('lets other sites frame a share page only when its owner allowed embedding', async () => {
    const shareAllowsEmbedding = vi.fn(async (token: string) => token === TOKEN);
    const embeddable = continued(await decideProxy(request(`/share/${TOKEN}`, { headers: { 'sec-fetch-dest': 'iframe' } }), deps({ shareAllowsEmbedding })));
    expect(shareAllowsEmbedding).toHaveBeenCalledWith(TOKEN);
    expect(embeddable.responseHeaders['content-security-policy']).toMatch(/frame-ancestors \*$/);
    expect(embeddable.responseHeaders['x-frame-options']).toBeUndefined();

    const other = continued(await decideProxy(request('/share/ZZZZZZZZZZZZZZZZZZZZZZZZ'), deps({ shareAllowsEmbedding })));
    expect(other.responseHeaders['content-security-policy']).toMatch(/frame-ancestors 'none'$/);
    expect(other.responseHeaders['x-frame-options']).toBe('DENY');
  });

  it('names only the configured origins when SHARE_EMBED_ORIGINS is set', async () => {
    const env = { SHARE_EMBED_ORIGINS: 'https://blog.example.com, https://*.example.org' };
    const decision = continued(await decideProxy(request(`/share/${TOKEN}`), deps({ env, shareAllowsEmbedding: async () => true })));
    expect(decision.responseHeaders['content-security-policy']).toMatch(/frame-ancestors https:\/\/blog\.example\.com https:\/\/\*\.example\.org$/);
  });

  it('skips the database for fetches (a live page refreshing), which are never framed, and for the share API', async () => {
    const shareAllowsEmbedding = vi.fn(async () => true);
    const refresh = continued(await decideProxy(request(`/share/${TOKEN}`, { headers: { 'sec-fetch-dest': 'empty' } }), deps({ shareAllowsEmbedding })));
    expect(refresh.responseHeaders['content-security-policy']).toMatch(/frame-ancestors 'none'$/);
    continued(await decideProxy(request(`/api/share/${TOKEN}/fork`, { method: 'POST', headers: { ...JSON_TYPE, 'sec-fetch-site': 'same-origin' } }), deps({ shareAllowsEmbedding })));
    expect(shareAllowsEmbedding).not.toHaveBeenCalled();
  });
});

describe('embedFrameAncestors', () => {
  it.each([
    [undefined, '*'],
    ['', '*'],
    ['https://blog.example.com/', 'https://blog.example.com'],
    ['https://a.example, http://localhost:8080, https://a.example', 'https://a.example http://localhost:8080'],
    ["https://a.example, 'unsafe-inline', javascript:alert(1), https://a.example/path", 'https://a.example'],
    // Set, but nothing usable: fail closed rather than open to every site.
    ['*; script-src *, data:', "'none'"],
  ])('SHARE_EMBED_ORIGINS=%j gives frame-ancestors %s', (value, expected) => {
    expect(embedFrameAncestors({ SHARE_EMBED_ORIGINS: value })).toBe(expected);
  });
});
