import { describe, expect, it } from 'vitest';
import { allowListFromEnv, bodyLimitFor, checkRequest, isLoopbackPeer, MAX_REQUEST_BODY_BYTES, parseHost } from '@/lib/security/request-guard.mjs';

const local = allowListFromEnv({});
const verdict = (method: string, headers: Record<string, string>, list = local) => checkRequest({ method, headers }, list);
const code = (method: string, headers: Record<string, string>, list = local) => {
  const result = verdict(method, headers, list);
  return result.ok ? 'ok' : result.code;
};

describe('Host allowlist', () => {
  it.each(['localhost:3000', '127.0.0.1:3100', '[::1]:3000', 'localhost', 'LOCALHOST:80', 'localhost.:3000'])('serves %s by default', (host) => {
    expect(code('GET', { host })).toBe('ok');
  });

  it.each(['evil.example', 'rebind.evil.example:3000', '127.0.0.1.nip.io:3000', '0.0.0.0:3000', '192.168.1.5:3000', '', 'localhost:3000@evil', 'localhost:abc'])(
    'refuses Host %j, GETs included, naming the setting to change',
    (host) => {
      const result = verdict('GET', { host });
      expect(result).toMatchObject({ ok: false, status: 403, code: 'host_not_allowed' });
      if (!result.ok) expect(result.message).toMatch(/ALLOWED_HOSTS/);
    },
  );

  it('adds the hosts of PUBLIC_URL and ALLOWED_HOSTS, with *.domain wildcards', () => {
    const list = allowListFromEnv({ PUBLIC_URL: 'https://play.example.com', ALLOWED_HOSTS: 'box.lan:3000, *.corp.example' });
    expect(code('GET', { host: 'play.example.com' }, list)).toBe('ok');
    expect(code('GET', { host: 'box.lan:8080' }, list)).toBe('ok');
    expect(code('GET', { host: 'a.corp.example' }, list)).toBe('ok');
    expect(code('GET', { host: 'corp.example' }, list)).toBe('host_not_allowed');
    expect(code('GET', { host: 'evilcorp.example' }, list)).toBe('host_not_allowed');
  });

  it('rejects a malformed setting instead of guessing', () => {
    expect(() => allowListFromEnv({ ALLOWED_HOSTS: 'http://x/y' })).toThrow(/ALLOWED_HOSTS/);
    expect(() => allowListFromEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('parses IPv6 literals with their brackets', () => {
    expect(parseHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: '3000' });
    expect(parseHost('::1')).toBeNull();
  });
});

describe('same-origin writes', () => {
  const host = 'localhost:3000';
  const json = 'application/json';

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses a cross-site %s by Sec-Fetch-Site', (method) => {
    expect(code(method, { host, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', 'content-type': json })).toBe('cross_site');
    expect(code(method, { host, 'sec-fetch-site': 'same-site', origin: 'http://localhost:5173', 'content-type': json })).toBe('cross_site');
  });

  it('accepts same-origin and user-initiated (none) writes', () => {
    expect(code('POST', { host, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000', 'content-type': json })).toBe('ok');
    expect(code('POST', { host, 'sec-fetch-site': 'none', 'content-type': json })).toBe('ok');
  });

  it('falls back to Origin when a proxy strips Sec-Fetch-Site', () => {
    expect(code('POST', { host, origin: 'http://localhost:3000', 'content-type': json })).toBe('ok');
    expect(code('POST', { host, origin: 'http://localhost:5173', 'content-type': json })).toBe('cross_site');
    expect(code('POST', { host, origin: 'https://evil.example', 'content-type': json })).toBe('cross_site');
    expect(code('POST', { host, origin: 'null', 'content-type': json })).toBe('cross_site');
    const behindTls = allowListFromEnv({ PUBLIC_URL: 'https://play.example.com' });
    expect(code('POST', { host: 'localhost:3000', origin: 'https://play.example.com', 'content-type': json }, behindTls)).toBe('ok');
    expect(code('POST', { host: 'play.example.com', origin: 'https://play.example.com', 'content-type': json }, behindTls)).toBe('ok');
  });

  it('lets a script without browser headers write only with JSON', () => {
    expect(code('POST', { host, 'content-type': json })).toBe('ok');
    expect(code('POST', { host, 'content-type': 'application/json; charset=utf-8' })).toBe('ok');
    expect(code('POST', { host, 'content-type': 'text/plain' })).toBe('cross_site');
    expect(code('DELETE', { host })).toBe('cross_site');
  });

  it('answers 415 to a same-origin write that is not JSON (forms, text/plain)', () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect(verdict('POST', { host, 'sec-fetch-site': 'same-origin', 'content-type': type })).toMatchObject({ ok: false, status: 415 });
    }
  });

  it('leaves reads alone', () => {
    expect(code('GET', { host, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).toBe('ok');
  });

  it('refuses a declared body over the limit before reading it', () => {
    expect(verdict('POST', { host, 'content-type': json, 'content-length': String(200 * 1024 * 1024) })).toMatchObject({ ok: false, status: 413 });
  });
});

describe('loopback peers', () => {
  it('is this machine only without proxy headers', () => {
    expect(isLoopbackPeer('127.0.0.1', {})).toBe(true);
    expect(isLoopbackPeer('::ffff:127.0.0.1', {})).toBe(true);
    expect(isLoopbackPeer('::1', {})).toBe(true);
    expect(isLoopbackPeer('10.0.0.2', {})).toBe(false);
    expect(isLoopbackPeer('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(false);
    expect(isLoopbackPeer('127.0.0.1', { forwarded: 'for=203.0.113.9' })).toBe(false);
    expect(isLoopbackPeer(undefined, {})).toBe(false);
  });
});

describe('paths', () => {
  it('answers 400 to a path that does not decode', () => {
    expect(checkRequest({ method: 'GET', headers: { host: 'localhost' } }, local, '/api/sessions/%zz')).toMatchObject({ ok: false, status: 400, code: 'bad_path' });
    expect(checkRequest({ method: 'GET', headers: { host: 'localhost' } }, local, '/api/sessions/a%20b?q=%zz')).toEqual({ ok: true });
  });

  it('lets only the import route (16 MiB), a chat message with images (12 MiB) and a dictation (5 MiB) take a body past 1 MiB', () => {
    const post = (target: string, bytes: number) =>
      checkRequest({ method: 'POST', headers: { host: 'localhost', 'content-type': 'application/json', 'content-length': String(bytes) } }, local, target);
    expect(post('/api/sessions/import', 15 * 1024 * 1024)).toEqual({ ok: true });
    expect(post('/api/sessions/import?x=1', 17 * 1024 * 1024)).toMatchObject({ ok: false, status: 413 });
    expect(post('/api/sessions', 2 * 1024 * 1024)).toMatchObject({ ok: false, status: 413 });
    expect(post('/api/sessions/import/../../chat', 2 * 1024 * 1024)).toMatchObject({ ok: false, status: 413 });
    expect(bodyLimitFor('/api/chat')).toBe(12 * 1024 * 1024);
    expect(post('/api/chat', 13 * 1024 * 1024)).toMatchObject({ ok: false, status: 413 });
    expect(bodyLimitFor('/api/transcribe')).toBe(5 * 1024 * 1024);
    expect(bodyLimitFor('/api/chat/abc/stream')).toBe(MAX_REQUEST_BODY_BYTES);
  });
});
