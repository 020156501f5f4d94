/**
 * Hardening through the real production server: 405s and malformed paths answer in
 * the API's JSON shape, rate limits count in the database with the socket address the
 * server saw (a client cannot choose it), a bidi override in a title is shown and never
 * applied, and a blocked link's tooltip names its URL.
 */
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { startApp, type AppProcess } from './app-process';
import { answerText, createSession, lastAssistant, MODELS, openSession, scenario, send, shot, waitForRunEnd } from './helpers';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with exactly this path and these headers (Playwright's client would normalize the path). */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // A declared length: Node would send a DELETE's body unframed.
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const request = http.request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...length, ...headers }, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const portOf = (baseURL: string | undefined) => Number(new URL(baseURL!).port);

test.describe('one JSON error shape', () => {
  test('a method a route does not implement is a JSON 405 with Allow; OPTIONS lists the same', async ({ baseURL }) => {
    const port = portOf(baseURL);
    for (const [method, path, allow] of [
      ['PUT', '/api/sessions', 'GET, HEAD, OPTIONS, POST'],
      ['DELETE', '/api/chat', 'OPTIONS, POST'],
      ['GET', '/api/chat', 'OPTIONS, POST'],
      ['POST', '/api/health', 'GET, HEAD, OPTIONS'],
      ['PATCH', '/api/sessions/some-id/export', 'GET, HEAD, OPTIONS'],
    ] as const) {
      const response = await rawRequest(port, method, path, { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, method === 'GET' ? undefined : '{}');
      expect(response.status, `${method} ${path}: ${response.body}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(response.body).error.code).toBe('method_not_allowed');
      const options = await rawRequest(port, 'OPTIONS', path);
      expect(options.status).toBe(204);
      expect(options.headers.allow).toBe(allow);
    }
    const head = await rawRequest(port, 'HEAD', '/api/chat');
    expect(head.status).toBe(405);
    expect(head.headers.allow).toBe('OPTIONS, POST');
  });

  test('a method no route implements (TRACE, PROPFIND) is a JSON 501', async ({ baseURL }) => {
    const port = portOf(baseURL);
    for (const method of ['TRACE', 'PROPFIND']) {
      const response = await rawRequest(port, method, '/api/sessions');
      expect(response.status, `${method}: ${response.body}`).toBe(501);
      expect(JSON.parse(response.body).error.code).toBe('not_implemented');
    }
  });

  test('malformed paths are a JSON 400 on every kind of route', async ({ baseURL }) => {
    const port = portOf(baseURL);
    for (const [method, path] of [
      ['GET', '/api/sessions/%zz'],
      ['GET', '/api/sessions/%zz/export?format=json'],
      ['POST', '/api/share/%E0%A4%A/fork'],
      ['DELETE', '/api/mcp-servers/%ff'],
      ['GET', '/s/%zz'],
    ] as const) {
      const response = await rawRequest(port, method, path, { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(JSON.parse(response.body).error.code).toBe('bad_path');
    }
  });
});

test.describe('rate limits on the production server', () => {
  let app: AppProcess;
  test.beforeAll(async () => {
    app = await startApp('rate-limits', { RATE_LIMITS: 'on', RATE_LIMIT_TOOL_IP: '2/1m', RATE_LIMIT_TOOL_USER: 'off' });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test('a tool endpoint answers 429 with Retry-After after 2 calls from one address, whatever address header the client sends', async () => {
    const importBody = JSON.stringify({ not: 'an export' });
    const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
    for (let call = 1; call <= 2; call++) {
      const response = await rawRequest(app.port, 'POST', '/api/sessions/import', headers, importBody);
      expect(response.status, response.body).toBe(400);
    }
    // The server sets the address header from the socket: a forged one, or X-Forwarded-For, changes nothing.
    const forged = { ...headers, 'x-agent-playground-remote-address': '198.51.100.9', 'x-forwarded-for': '198.51.100.10' };
    const refused = await rawRequest(app.port, 'POST', '/api/sessions/import', forged, importBody);
    expect(refused.status, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body).error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/Try again in \d+ s/) });
  });
});

test.describe('presentation', () => {
  test('a right-to-left override in a title is shown as a marker in the sidebar, the header and the tab, never applied', async ({ page }) => {
    const title = `invoice\u202Efdp.exe ${Date.now().toString(36)}`;
    const shown = title.replace('\u202E', '⟨U+202E⟩');
    const id = await createSession(page.request, MODELS.chat, title);
    await openSession(page, id);

    await expect(page.getByTestId('session-title-button')).toHaveText(shown);
    const item = page.getByTestId('session-title').filter({ hasText: shown });
    await expect(item).toHaveCount(1);
    await expect(page).toHaveTitle(`${shown} · Agent Playground`);
    // The marker is a span of its own; the override character is nowhere in the rendered text.
    expect(await page.getByTestId('session-title-button').evaluate((element) => element.textContent?.includes('\u202E'))).toBe(false);
    await expect(page.getByTestId('session-title-button').locator('[data-slot="control-char"]')).toHaveText('⟨U+202E⟩');
    await shot(page, 'hardening-bidi-title');
  });

  test('a blocked link is inert text whose tooltip names the blocked URL', async ({ page }) => {
    await openSession(page, await createSession(page.request, MODELS.chat));
    await send(page, `Link it ${scenario('text', { text: 'See [the report](javascript:window.__pwned=1) now.' })}`);
    await waitForRunEnd(page, 'completed');
    const answer = answerText(lastAssistant(page));
    const blocked = answer.getByTitle('Blocked URL: javascript:window.__pwned=1');
    await expect(blocked).toHaveText('the report [blocked]');
    await expect(answer.locator('a')).toHaveCount(0);
    await blocked.click();
    expect(await page.evaluate(() => Reflect.get(window, '__pwned'))).toBeUndefined();
  });
});
