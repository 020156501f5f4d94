/**
 * The drive-by holes, tried as an attacker would, with real HTTP requests against the
 * production server: cross-site writes to every mutating route, DNS rebinding, stdio
 * MCP from another site, a public bind, and a 200 MB body. Some tests start their own
 * server (scripts/start.mjs on the production build) to set its environment and read
 * its log.
 */
import { MAX_CHAT_BODY_BYTES } from '@/lib/api/chat-request';
import type { ApiErrorBody } from '@/lib/api/errors';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { expect, test } from '@playwright/test';
import { ARTIFACTS } from '../../playwright.config';
import { everythingEntry, freePort } from '../support/mcp-everything';
import { startApp, waitFor, type AppProcess } from './app-process';
import { createSession, MODELS, shot } from './helpers';

test.describe.configure({ mode: 'serial' });

const JSON_TYPE = { 'content-type': 'application/json' };
const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

interface RawResponse {
  status: number;
  body: string;
}

/** A request with exactly the headers given (Playwright's client would add its own). */
function rawRequest(port: number, options: { method: string; path: string; headers?: Record<string, string>; body?: string }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers: { host: `127.0.0.1:${port}`, ...options.headers }, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Every table's rows, to prove a refused request wrote nothing. */
async function snapshotDatabase(file: string): Promise<string> {
  const client = createClient({ url: `file:${file}` });
  try {
    const tables = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
    const dump: Record<string, unknown> = {};
    for (const row of tables.rows) {
      const name = String(row.name);
      dump[name] = (await client.execute(`SELECT * FROM "${name}" ORDER BY rowid`)).rows;
    }
    return JSON.stringify(dump);
  } finally {
    client.close();
  }
}

/** `app/api/**\/route.ts` → its URL pattern and the write methods it exports, so a new route is covered by itself. */
function mutatingRoutes(): { pattern: string; methods: string[] }[] {
  const found: { pattern: string; methods: string[] }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === 'route.ts') {
        const source = readFileSync(full, 'utf8');
        const methods = ['POST', 'PUT', 'PATCH', 'DELETE'].filter((method) => new RegExp(`export (const|async function|function) ${method}\\b`).test(source));
        if (methods.length > 0) found.push({ pattern: '/' + path.relative('app', path.dirname(full)).split(path.sep).join('/'), methods });
      }
    }
  };
  walk(path.join('app', 'api'));
  return found;
}

test.describe('response headers', () => {
  test('pages, share pages and the API say nosniff, no framing, a referrer policy and a permissions policy; pages get a nonce CSP; /api/health checks the database', async ({ request }) => {
    for (const url of ['/', '/settings/mcp-servers', '/api/health', '/share/not-a-real-token-000000000000', '/no/such/page']) {
      const response = await request.get(url);
      const headers = response.headers();
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('DENY');
      // One policy per response: the proxy's replaces the static one on pages.
      expect(headers['content-security-policy'], url).not.toContain('\n');
      expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      if (url.startsWith('/api/')) expect(headers['content-security-policy'], url).not.toContain('nonce-');
      else expect(headers['content-security-policy'], url).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
      expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], url).toContain('microphone=(self)');
    }
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ ok: true, database: 'ok' });
  });
});

test.describe('cross-site writes', () => {
  const port = Number(process.env.E2E_APP_PORT ?? 3100);
  const database = path.join(ARTIFACTS, 'configured.db');

  test('a cross-site text/plain or form POST to every mutating route is refused, and nothing is written', async ({ request }) => {
    // Real ids, so a request that slipped through would change something visible.
    const sessionId = await createSession(request, MODELS.chat, 'Target of a drive-by');
    const mcp = await request.post('/api/mcp-servers', { data: { name: `target-${Date.now().toString(36)}`, url: 'http://127.0.0.1:9/mcp', enabled: false } });
    expect(mcp.status()).toBe(201);
    const mcpId = ((await mcp.json()) as { server: { id: string } }).server.id;

    const routes = mutatingRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const before = await snapshotDatabase(database);

    const attempts: { label: string; headers: Record<string, string>; body: string }[] = [
      { label: 'text/plain', headers: { ...CROSS_SITE, 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ name: 'evil', url: 'https://evil.example/mcp' }) },
      { label: 'form', headers: { ...CROSS_SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=evil&url=https%3A%2F%2Fevil.example%2Fmcp' },
      { label: 'multipart form', headers: { ...CROSS_SITE, 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n' },
      // An old browser, or a proxy that strips Sec-Fetch-Site: Origin alone must decide.
      { label: 'Origin only', headers: { origin: 'https://evil.example', 'content-type': 'text/plain' }, body: '{}' },
      // No browser headers at all, and not JSON: not a script we accept either.
      { label: 'no origin, text/plain', headers: { 'content-type': 'text/plain' }, body: '{}' },
    ];
    for (const route of routes) {
      const url = route.pattern.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, param: string) => {
        if (param === 'id') return route.pattern.startsWith('/api/mcp-servers') ? mcpId : sessionId;
        return `x-${param}`;
      });
      for (const method of route.methods) {
        for (const attempt of attempts) {
          const response = await rawRequest(port, { method, path: url, headers: attempt.headers, body: attempt.body });
          expect([403, 415], `${method} ${url} (${attempt.label}) answered ${response.status}: ${response.body}`).toContain(response.status);
          expect(JSON.parse(response.body).error.code, `${method} ${url} (${attempt.label})`).toMatch(/^(cross_site|unsupported_media_type)$/);
        }
      }
    }
    expect(await snapshotDatabase(database)).toBe(before);

    // The app's own kind of request still works: same-origin JSON, and JSON from a proxy that stripped Sec-Fetch-Site.
    const own = await rawRequest(port, { method: 'PATCH', path: `/api/sessions/${sessionId}`, headers: { ...JSON_TYPE, 'sec-fetch-site': 'same-origin', origin: `http://127.0.0.1:${port}` }, body: JSON.stringify({ title: 'Renamed' }) });
    expect(own.status, own.body).toBe(200);
    const stripped = await rawRequest(port, { method: 'PATCH', path: `/api/sessions/${sessionId}`, headers: { ...JSON_TYPE, origin: `http://127.0.0.1:${port}` }, body: JSON.stringify({ title: 'Renamed again' }) });
    expect(stripped.status, stripped.body).toBe(200);

    await request.delete(`/api/mcp-servers/${mcpId}`, { headers: JSON_TYPE });
    await request.delete(`/api/sessions/${sessionId}`, { headers: JSON_TYPE });
  });

  test('a CORS preflight from another site is never granted', async () => {
    const preflight = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'OPTIONS',
          path: '/api/sessions',
          headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
          agent: false,
        },
        (response) => {
          response.resume();
          resolve(response);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  test('a page on another host name (DNS rebinding) gets neither pages nor data', async () => {
    for (const target of ['/', '/api/sessions', '/settings/mcp-servers']) {
      for (const host of ['evil.example', `rebind.evil.example:${port}`]) {
        const response = await rawRequest(port, { method: 'GET', path: target, headers: { host } });
        expect(response.status, `${host} ${target}`).toBe(403);
        const body = JSON.parse(response.body) as ApiErrorBody;
        expect(body.error.code).toBe('host_not_allowed');
        expect(body.error.message).toMatch(/ALLOWED_HOSTS/);
      }
    }
    const allowed = await rawRequest(port, { method: 'GET', path: '/api/sessions', headers: { host: `localhost:${port}` } });
    expect(allowed.status).toBe(200);
  });

  test('a malformed path gets a JSON 400, and an unknown API path a JSON 404', async () => {
    const malformed = await rawRequest(port, { method: 'GET', path: '/api/sessions/%zz' });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body).error.code).toBe('bad_path');
    const unknown = await rawRequest(port, { method: 'GET', path: '/api/no/such/thing' });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ error: { code: 'not_found', message: 'There is no API endpoint at /api/no/such/thing.' } });
  });
});

test.describe('stdio MCP servers', () => {
  let app: AppProcess;
  const marker = path.join(ARTIFACTS, 'security', `stdio-marker-${Date.now()}`);
  const command = { name: 'pwn', transport: 'stdio', command: 'sh', args: ['-c', `touch ${marker}`] };

  test.beforeAll(async () => {
    // The marker's folder exists, so a command that ran would leave the file.
    mkdirSync(path.dirname(marker), { recursive: true });
    app = await startApp('stdio', { MCP_ALLOW_STDIO: '1' });
  });
  test.afterAll(async () => {
    await app?.stop();
    rmSync(marker, { force: true });
  });

  test('a cross-site request cannot create or run one, and the command never runs', async () => {
    const before = await snapshotDatabase(app.db);
    for (const headers of [
      { ...CROSS_SITE, 'content-type': 'text/plain' },
      { ...CROSS_SITE, ...JSON_TYPE },
      // Same origin on paper, but forwarded by a proxy: not the operator at this machine, even with a forged peer header.
      { ...JSON_TYPE, 'x-forwarded-for': '203.0.113.7', 'x-agent-playground-peer': 'loopback' },
    ]) {
      const created = await rawRequest(app.port, { method: 'POST', path: '/api/mcp-servers', headers, body: JSON.stringify(command) });
      expect(created.status, created.body).toBe(403);
    }
    expect(await snapshotDatabase(app.db)).toBe(before);

    // Added by the operator at this machine: it still does not run until its command is confirmed.
    const local = await rawRequest(app.port, { method: 'POST', path: '/api/mcp-servers', headers: JSON_TYPE, body: JSON.stringify(command) });
    expect(local.status, local.body).toBe(201);
    const { server } = JSON.parse(local.body) as { server: { id: string; commandConfirmed: boolean; commandLine: string } };
    expect(server.commandConfirmed).toBe(false);
    expect(server.commandLine).toBe(`sh -c 'touch ${marker}'`);

    const crossTest = await rawRequest(app.port, { method: 'POST', path: `/api/mcp-servers/${server.id}/test`, headers: { ...CROSS_SITE, 'content-type': 'text/plain' }, body: '' });
    expect(crossTest.status).toBe(403);
    const crossConfirm = await rawRequest(app.port, {
      method: 'POST',
      path: `/api/mcp-servers/${server.id}/confirm`,
      headers: { ...CROSS_SITE, 'content-type': 'text/plain' },
      body: JSON.stringify({ command: command.command, args: command.args }),
    });
    expect(crossConfirm.status).toBe(403);
    const unconfirmed = await rawRequest(app.port, { method: 'POST', path: `/api/mcp-servers/${server.id}/test`, headers: JSON_TYPE, body: '' });
    expect(unconfirmed.status).toBe(409);
    expect(JSON.parse(unconfirmed.body).error.code).toBe('command_unconfirmed');
    // A session run would start enabled servers: it must not start this one either.
    const session = await rawRequest(app.port, { method: 'POST', path: '/api/sessions', headers: JSON_TYPE, body: '{}' });
    const sessionId = (JSON.parse(session.body) as { session: { id: string } }).session.id;
    const context = await rawRequest(app.port, { method: 'GET', path: `/api/sessions/${sessionId}/context` });
    expect(context.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(marker)).toBe(false);
  });

  test('the settings page shows the exact command, and runs it only after the operator confirms it', async ({ page }) => {
    const entry = everythingEntry();
    const created = await rawRequest(app.port, {
      method: 'POST',
      path: '/api/mcp-servers',
      headers: JSON_TYPE,
      body: JSON.stringify({ name: 'everything-stdio', transport: 'stdio', command: process.execPath, args: [entry, 'stdio'] }),
    });
    expect(created.status, created.body).toBe(201);

    const origin = `http://127.0.0.1:${app.port}`;
    await page.goto(`${origin}/settings/mcp-servers`);
    const item = page.locator('[data-testid="mcp-server-item"][data-name="everything-stdio"]');
    await expect(item.getByTestId('mcp-command-unconfirmed')).toBeVisible();
    await expect(item.getByTestId('mcp-server-address')).toHaveText(`${process.execPath} ${entry} stdio`);
    await expect(item.getByTestId('mcp-test')).toHaveCount(0);

    await item.getByTestId('mcp-review-command').click();
    const dialog = page.getByTestId('mcp-command-dialog');
    await expect(dialog.getByTestId('mcp-command-line')).toHaveText(`${process.execPath} ${entry} stdio`);
    await shot(page, 'stdio-command-confirm');
    await page.setViewportSize({ width: 390, height: 820 });
    await shot(page, 'stdio-command-confirm-390');
    await page.setViewportSize({ width: 1280, height: 820 });

    await dialog.getByTestId('mcp-confirm-command').click();
    await expect(dialog).toBeHidden();
    // Confirming runs the test at once: the command started and spoke MCP.
    await expect(item.getByTestId('mcp-tool-count')).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await expect(item.getByTestId('mcp-command-unconfirmed')).toHaveCount(0);
    await expect(item.getByTestId('mcp-test')).toBeVisible();
  });
});

test.describe('where the server listens', () => {
  test('npm start without HOSTNAME listens on 127.0.0.1 only', async () => {
    const app = await startApp('bind', {});
    try {
      const listeners = listeningAddresses(app.port);
      expect(listeners).toEqual(['127.0.0.1']);
      expect(app.log()).toContain(`ready on http://localhost:${app.port}`);
    } finally {
      await app.stop();
    }
  });

  test('a public bind without PLAYGROUND_ALLOW_OPEN exits with a clear message', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, SKIP_BUILD: '1', PORT: String(port), HOSTNAME: '0.0.0.0', PLAYGROUND_ALLOW_OPEN: '', DATABASE_URL: `file:${path.join(ARTIFACTS, 'security', 'open.db')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Refusing to listen on 0\.0\.0\.0/);
    expect(output).toMatch(/PLAYGROUND_ALLOW_OPEN=1/);
    expect(listeningAddresses(port)).toEqual([]);
  });

  test('with the override it binds the public address and warns loudly', async () => {
    const app = await startApp('open', { HOSTNAME: '0.0.0.0', PLAYGROUND_ALLOW_OPEN: '1' });
    try {
      expect(listeningAddresses(app.port)).toEqual(['0.0.0.0']);
      expect(app.log()).toMatch(/"level":"warn".*WARNING: listening on 0\.0\.0\.0/);
    } finally {
      await app.stop();
    }
  });
});

/** The local addresses listening on `port`, read from the kernel's socket tables (no traffic needed). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const [file, v6] of [
    ['/proc/net/tcp', false],
    ['/proc/net/tcp6', true],
  ] as const) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A = LISTEN
      const [address, portHex] = local.split(':');
      if (portHex !== hexPort) continue;
      found.push(v6 ? `v6:${address}` : hexToIpv4(address));
    }
  }
  return found;
}

function hexToIpv4(hex: string): string {
  return [3, 2, 1, 0].map((index) => parseInt(hex.slice(index * 2, index * 2 + 2), 16)).join('.');
}

test.describe('body limits', () => {
  let app: AppProcess;
  test.beforeAll(async () => {
    app = await startApp('body', {});
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  for (const framing of ['content-length', 'chunked'] as const) {
    test(`a 200 MB body (${framing}) is cut off as soon as it passes the chat route's limit`, async () => {
      const logBefore = app.log().length;
      const result = await streamHugeBody(app.port, '/api/chat', framing, 200 * 1024 * 1024);
      expect(result.response).toMatch(/^HTTP\/1\.1 413/);
      expect(result.response).toContain('"code":"too_large"');
      // The client could push at most what the socket buffers hold before the server closed it.
      expect(result.sent).toBeLessThan(64 * 1024 * 1024);

      await waitFor(() => /"status":413/.test(app.log().slice(logBefore)), 5_000, () => `no 413 logged:\n${app.log().slice(logBefore)}`);
      const line = app.log().slice(logBefore).split('\n').find((entry) => entry.includes('"status":413'))!;
      const bytesRead = Number((JSON.parse(line) as { bytesRead?: number }).bytesRead ?? 0);
      // The chat route takes images (its limit is about 12 MiB): reading stops within a chunk or two past it.
      expect(bytesRead).toBeLessThan(MAX_CHAT_BODY_BYTES + 1024 * 1024);
      if (framing === 'content-length') expect(bytesRead).toBe(0);
    });
  }
});

/** Streams a JSON-typed body of `total` bytes until the server answers or closes; never reaches a non-local address. */
function streamHugeBody(port: number, target: string, framing: 'content-length' | 'chunked', total: number): Promise<{ sent: number; response: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    let response = '';
    let closed = false;
    const deadline = setTimeout(() => socket.destroy(), 30_000);
    const finish = () => {
      if (closed) return;
      closed = true;
      clearTimeout(deadline);
      resolve({ sent, response });
    };
    socket.setEncoding('utf8');
    socket.on('data', (data) => (response += data));
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', () => {
      const length = framing === 'content-length' ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked';
      socket.write(`POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n${length}\r\n\r\n`);
      const pump = () => {
        while (!closed && sent < total) {
          const frame = framing === 'chunked' ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
          sent += chunk.length;
          if (!socket.write(frame)) {
            socket.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
  });
}
