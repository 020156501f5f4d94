/**
 * One JSON error shape on every /api path, 405 included: the test walks every
 * app/api/**\/route.ts that exists when it runs and asks each for every HTTP method,
 * the way Next dispatches it (its own autoImplementMethods: HEAD from GET, an
 * automatic OPTIONS, an empty 405 for anything missing). A method the route does not
 * implement must answer 405 `method_not_allowed` as JSON, with `Allow` naming exactly
 * what it implements. Malformed paths are answered by the request guard in front of
 * Next (scripts/server.mjs): 400 `bad_path` for every route; so are methods outside
 * HTTP's usual seven: 501 `not_implemented`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { autoImplementMethods } from 'next/dist/server/route-modules/app-route/helpers/auto-implement-methods';
import { HTTP_METHODS } from 'next/dist/server/web/http';
import { describe, expect, it } from 'vitest';
import { allowListFromEnv, checkRequest } from '@/lib/security/request-guard.mjs';
import { setupAppHarness } from '../support/app-harness';

// Loads no route itself: every route module is imported below, after the harness set the env.
setupAppHarness({ name: 'methods' });

const API_DIR = path.resolve(__dirname, '../../app/api');
const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

/** `app/api/sessions/[id]/route.ts` → `/api/sessions/x-id` (a made-up id: a 405 never looks at it). */
function samplePath(file: string): string {
  const relative = path.relative(path.resolve(API_DIR, '..'), path.dirname(file)).split(path.sep);
  return `/${relative.map((segment) => segment.replace(/^\[\.\.\.(.+)\]$/, 'x-$1/y').replace(/^\[(.+)\]$/, 'x-$1')).join('/')}`;
}

type Handler = ((request: Request, context: unknown) => Response | Promise<Response>) & { methodNotAllowed?: boolean };

const files = routeFiles(API_DIR).sort();

it('finds the API routes', () => {
  expect(files.length).toBeGreaterThan(30);
});

describe.each(files.map((file) => [path.relative(API_DIR, file), file]))('%s', (_name, file) => {
  const url = `http://localhost:3000${samplePath(file)}`;
  const context = { params: Promise.resolve({}) };

  it('answers every method it does not implement with a JSON 405 and the right Allow', async () => {
    const userland = (await import(/* @vite-ignore */ file)) as Record<string, Handler | undefined>;
    const implemented = ROUTE_METHODS.filter((method) => typeof userland[method] === 'function' && !userland[method]!.methodNotAllowed);
    expect(implemented.length, 'a route implements at least one method').toBeGreaterThan(0);
    const allow = [...new Set([...implemented, 'OPTIONS', ...(implemented.includes('GET') ? ['HEAD'] : [])])].sort().join(', ');
    const next = autoImplementMethods(userland as never) as Record<string, Handler>;

    for (const method of HTTP_METHODS) {
      const supported = implemented.includes(method) || method === 'OPTIONS' || (method === 'HEAD' && implemented.includes('GET'));
      if (supported) continue;
      const response = await next[method](new Request(url, { method }), context);
      expect(response.status, `${method} ${url}`).toBe(405);
      expect(response.headers.get('allow'), `${method} ${url}`).toBe(allow);
      expect(response.headers.get('content-type'), `${method} ${url}`).toMatch(/^application\/json/);
      // HEAD answers carry no body on the wire; every other 405 is the API's error shape.
      if (method !== 'HEAD') expect((await response.json()).error, `${method} ${url}`).toMatchObject({ code: 'method_not_allowed', message: expect.stringContaining(allow) });
    }

    const options = await next.OPTIONS(new Request(url, { method: 'OPTIONS' }), context);
    expect(options.status).toBe(204);
    expect(options.headers.get('allow'), 'OPTIONS lists only what the route implements').toBe(allow);
  });
});

describe('malformed paths', () => {
  const guard = (method: string, target: string) =>
    checkRequest({ method, headers: { host: 'localhost:3000', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' } }, allowListFromEnv({}), target);

  it.each([
    ['GET', '/api/sessions/%zz'],
    ['GET', '/api/sessions/%zz/export?format=json'],
    ['PATCH', '/api/sessions/abc%/'],
    ['POST', '/api/chat/%E0%A4%A/stream'],
    ['DELETE', '/api/mcp-servers/%zz'],
    ['GET', '/api/runs/%ff%fe/steps'],
    ['POST', '/api/share/%zz/fork'],
    ['GET', '/api/%zz'],
  ])('%s %s is a 400 bad_path before any route sees it', (method, target) => {
    expect(guard(method, target)).toMatchObject({ ok: false, status: 400, code: 'bad_path' });
  });

  it('a well-formed escape is not refused', () => {
    expect(guard('GET', '/api/sessions/a%20b')).toEqual({ ok: true });
  });
});

describe('methods no route implements', () => {
  it.each(['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE'])('%s is a JSON 501 from the request guard, where Next would answer an empty 400 or a plain-text 500', (method) => {
    const verdict = checkRequest({ method, headers: { host: 'localhost:3000' } }, allowListFromEnv({}), '/api/sessions');
    expect(verdict).toMatchObject({ ok: false, status: 501, code: 'not_implemented', message: `This server does not implement ${method} requests.` });
  });
});
