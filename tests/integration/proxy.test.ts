/**
 * proxy.ts as Next calls it, without our server in front (as on Vercel): the real
 * function on a NextRequest, the share API and a real SQLite file behind it. A
 * cross-site write is refused before any route runs, a forged "this machine" header is
 * rewritten, and a share page's framing follows its owner's choice as it changes.
 */
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShareView } from '@/lib/api-types';
import { PEER_HEADER } from '@/lib/security/request-guard.mjs';
import { params, patch, post, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'proxy', routes: ['shares', 'share'] });
const { api } = app;
const ORIGIN = 'http://localhost:3000';

let proxy: typeof import('@/proxy').proxy;
let sessionId: string;

beforeAll(async () => {
  ({ proxy } = await import('@/proxy'));
  sessionId = await app.newSession();
});

function nextRequest(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): NextRequest {
  return new NextRequest(`${ORIGIN}${path}`, { method: init.method ?? 'GET', headers: { host: 'localhost:3000', ...init.headers }, body: init.body });
}

async function createShare(body: Record<string, unknown>): Promise<ShareView> {
  const response = await api.shares.POST(new Request(`http://app/api/sessions/${sessionId}/shares`, post(body)), params({ id: sessionId }));
  expect(response.status).toBe(201);
  return (await response.json()).share;
}

async function updateShare(id: string, body: Record<string, unknown>): Promise<ShareView> {
  const response = await api.share.PATCH(new Request(`http://app/api/shares/${id}`, patch(body)), params({ shareId: id }));
  expect(response.status).toBe(200);
  return (await response.json()).share;
}

async function framing(url: string) {
  const response = await proxy(nextRequest(url, { headers: { 'sec-fetch-dest': 'iframe' } }));
  return { policy: response.headers.get('content-security-policy') ?? '', frameOptions: response.headers.get('x-frame-options') };
}

describe('without our server in front', () => {
  it('refuses a cross-site POST before any route runs, with the API error shape', async () => {
    const before = (await (await api.sessions.GET(new Request('http://app/api/sessions'))).json()).sessions.length;
    const response = await proxy(
      nextRequest('/api/sessions', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        body: '{"title":"drive-by"}',
      }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'cross_site', message: expect.stringMatching(/Cross-site requests cannot change anything/) } });
    expect(response.headers.get('x-middleware-next')).toBeNull();
    const after = (await (await api.sessions.GET(new Request('http://app/api/sessions'))).json()).sessions.length;
    expect(after).toBe(before);
  });

  it('passes a same-origin JSON write on, with a forged "this machine" header rewritten to remote', async () => {
    const response = await proxy(
      nextRequest('/api/mcp-servers', { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', [PEER_HEADER]: 'loopback' }, body: '{}' }),
    );
    expect(response.status).toBe(200);
    // NextResponse.next() with new request headers: Next carries them to the route this way.
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get(`x-middleware-request-${PEER_HEADER}`)).toBe('remote');
  });
});

describe("a share page's framing", () => {
  it('follows the allowEmbed choice of the share API as the owner changes it', async () => {
    const embeddable = await createShare({ allowEmbed: true });
    const plain = await createShare({});
    expect(embeddable.allowEmbed).toBe(true);
    expect(plain.allowEmbed).toBe(false);

    expect(await framing(embeddable.url)).toEqual({ policy: expect.stringMatching(/frame-ancestors \*$/), frameOptions: null });
    expect(await framing(plain.url)).toEqual({ policy: expect.stringMatching(/frame-ancestors 'none'$/), frameOptions: 'DENY' });

    // Turned off, and on for the other one: only the embedding changes.
    expect(await updateShare(embeddable.id, { allowEmbed: false })).toMatchObject({ allowEmbed: false, updatedAt: embeddable.updatedAt });
    expect(await updateShare(plain.id, { allowEmbed: true })).toMatchObject({ allowEmbed: true });
    expect((await framing(embeddable.url)).frameOptions).toBe('DENY');
    expect((await framing(plain.url)).policy).toMatch(/frame-ancestors \*$/);

    // A revoked link is never framed, whatever it allowed.
    const revoked = await api.share.DELETE(new Request(`http://app/api/shares/${plain.id}`, { method: 'DELETE' }), params({ shareId: plain.id }));
    expect(revoked.status).toBe(200);
    expect(await framing(plain.url)).toEqual({ policy: expect.stringMatching(/frame-ancestors 'none'$/), frameOptions: 'DENY' });

    const list = await api.shares.GET(new Request(`http://app/api/sessions/${sessionId}/shares`), params({ id: sessionId }));
    const views = (await list.json()).shares as ShareView[];
    expect(views.find((view) => view.id === embeddable.id)?.allowEmbed).toBe(false);
  });

  it('refuses an allowEmbed that is not a boolean', async () => {
    const response = await api.shares.POST(new Request(`http://app/api/sessions/${sessionId}/shares`, post({ allowEmbed: 'yes' })), params({ id: sessionId }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('bad_request');
  });
});
