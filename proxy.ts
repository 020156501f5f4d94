import { NextResponse, type NextRequest } from 'next/server';
import { decideProxy } from '@/lib/security/proxy-policy';
import { shareAllowsEmbedding } from '@/lib/server/share-embedding';

/**
 * Runs before every route and page (Next 16's `proxy`, formerly middleware): the request
 * guard, the internal headers only our server may set, and each page's
 * Content-Security-Policy with a fresh nonce. The decisions are in
 * lib/security/proxy-policy.ts; docs/csp-and-embedding.md says what a visitor gets.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const decision = await decideProxy(request, { env: process.env, shareAllowsEmbedding });
  if (decision.action === 'refuse') {
    return Response.json({ error: { code: decision.code, message: decision.message } }, { status: decision.status, headers: { 'cache-control': 'no-store' } });
  }
  const response = NextResponse.next({ request: { headers: decision.requestHeaders } });
  for (const [name, value] of Object.entries(decision.responseHeaders)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but the build's static files: pages, their data requests and prefetches, and the API.
  matcher: ['/((?!_next/static|_next/image|favicon\\.svg).*)'],
};
