import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { SessionsProvider } from '@/components/sessions/sessions-provider';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { SessionSummary } from '@/lib/api-types';

/** A recorded request to the stubbed API. */
export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Stubs fetch with a small router: `METHOD /path` → handler. Unrouted requests
 * answer 404 in the API's error shape, so a hook that calls something
 * unexpected fails the way the real server would answer it.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, url, body };
    calls.push(call);
    // A route without a query answers that path with any query (`?limit=40`).
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    return handler ? handler(call) : json({ error: { code: 'not_found', message: `No route ${method} ${url}` } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function session(overrides: Partial<SessionSummary> = {}): SessionSummary {
  return { id: 's1', title: 'A session', modelKey: 'demo', createdAt: 1, updatedAt: 1, running: false, permissionMode: 'ask', ...overrides };
}

export function userText(id: string, text: string): AgentUIMessage {
  return { id, role: 'user', parts: [{ type: 'text', text }] };
}

export function withSessions(sessions: SessionSummary[] = [session()]) {
  return function Wrapper({ children }: { children: React.ReactNode }) {
    // A cache of its own per test: nothing one test read or changed leaks into the next.
    return (
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <SessionsProvider initialSessions={sessions}>{children}</SessionsProvider>
      </SWRConfig>
    );
  };
}
