import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FETCH_TIMEOUT_MS, fetchUrlTool, MAX_DOWNLOAD_BYTES } from '@/lib/tools/fetch-url';

const ARTICLE = `<!doctype html><html><head><title>Test page</title><script>var tracking = 1;</script></head>
<body>
  <nav><a href="/home">Home</a> · <a href="/about">About</a></nav>
  <article>
    <h1>Why tests matter</h1>
    <p>Tests are <strong>executable</strong> documentation. They say what the code must do, and they fail loudly when it does not.
       A codebase without tests is a codebase nobody dares to change, because every change might break something far away.</p>
    <p>Read <a href="/guide/intro">the guide</a> for more. The guide explains how to write tests that name the behaviour they check,
       so that a failing test tells the reader what broke without opening the code.</p>
    <ul><li>fast</li><li>isolated</li><li>repeatable</li></ul>
    <pre><code>expect(sum(1, 2)).toBe(3);</code></pre>
  </article>
  <footer>© 2026</footer>
</body></html>`;

let server: http.Server;
let origin: string;
const sockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    switch (url.pathname) {
      case '/article':
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
      case '/gzipped':
        return void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(ARTICLE));
      case '/plain':
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end('just text\n');
      case '/huge':
        res.writeHead(200, { 'content-type': 'text/plain' });
        // More than the download limit, written in pieces; the reader must stop at the limit.
        for (let i = 0; i < 5; i++) res.write('x'.repeat(MAX_DOWNLOAD_BYTES / 2));
        return void res.end();
      case '/image':
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      case '/missing':
        return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      case '/hang':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.write('<p>start'); // never ends
      case '/redirect-private':
        return void res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end();
      case '/redirect-article':
        return void res.writeHead(301, { location: '/article' }).end();
      default:
        return void res.writeHead(404).end();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The tool with the test-only allowance for the local server; production passes nothing. */
const tool = () => fetchUrlTool({ allowPrivateAddressForTests: (address) => address === '127.0.0.1' });
const call = (url: string, signal = new AbortController().signal) => tool().execute({ url }, { toolCallId: 'c', signal, emit: () => {} });

describe('fetch_url', () => {
  it('declares the network permission class and is read-only', () => {
    expect(fetchUrlTool()).toMatchObject({ name: 'fetch_url', permission: 'network', readOnly: true });
  });

  it('turns an HTML page into markdown of its main content, with absolute links', async () => {
    const output = await call(`${origin}/article`);
    expect(output).toMatchObject({ url: `${origin}/article`, status: 200, contentType: 'text/html', title: 'Test page', truncated: false });
    expect(output.markdown).toContain('**executable** documentation');
    expect(output.markdown).toContain(`[the guide](${origin}/guide/intro)`);
    expect(output.markdown).toMatch(/^-\s+fast$/m);
    expect(output.markdown).not.toContain("Home"); // navigation is not main content
    expect(output.markdown).toContain('```\nexpect(sum(1, 2)).toBe(3);\n```');
    expect(output.markdown).not.toContain('tracking');
    expect(output.markdown).not.toContain('<p>');
  });

  it('decompresses gzip and follows a redirect to a public-looking path', async () => {
    expect((await call(`${origin}/gzipped`)).markdown).toContain('**executable** documentation');
    const redirected = await call(`${origin}/redirect-article`);
    expect(redirected.url).toBe(`${origin}/article`);
  });

  it('returns plain text as it is', async () => {
    expect(await call(`${origin}/plain`)).toMatchObject({ contentType: 'text/plain', markdown: 'just text\n', truncated: false });
  });

  it('stops reading at the download limit and says the page was cut', async () => {
    const output = await call(`${origin}/huge`);
    expect(output.truncated).toBe(true);
    expect(output.markdown).toContain('[… cut at');
  });

  it('refuses non-text content, and reports HTTP errors', async () => {
    await expect(call(`${origin}/image`)).rejects.toThrow('is image/png, not a text page');
    await expect(call(`${origin}/missing`)).rejects.toThrow('answered HTTP 404');
  });

  it('refuses a redirect to a private address', async () => {
    await expect(call(`${origin}/redirect-private`)).rejects.toThrow(/10\.0\.0\.1.*private network/);
  });

  it('refuses loopback and metadata addresses without the test allowance', async () => {
    const production = fetchUrlTool();
    const run = (url: string) => production.execute({ url }, { toolCallId: 'c', signal: new AbortController().signal, emit: () => {} });
    await expect(run(`${origin}/article`)).rejects.toThrow(/loopback/);
    await expect(run('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(/metadata/);
    await expect(run('file:///etc/passwd')).rejects.toThrow(/Only http and https/);
  });

  it(`gives up on a page that does not finish within the time limit (${FETCH_TIMEOUT_MS / 1000} s)`, async () => {
    // The run's signal ends it sooner here; the time limit uses the same path.
    const { guardedGet } = await import('@/lib/net/guarded-get');
    const started = Date.now();
    await expect(
      guardedGet(`${origin}/hang`, { allowPrivateAddressForTests: () => true, maxBytes: 1000, timeoutMs: 300 }),
    ).rejects.toThrow('took longer than 0.3 s');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    const pending = call(`${origin}/hang`, controller.signal);
    setTimeout(() => controller.abort(new Error('operation cancelled by user')), 100);
    await expect(pending).rejects.toThrow(/cancelled/);
  });
});
