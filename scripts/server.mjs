// @ts-check
/**
 * The HTTP server in front of Next: every request meets lib/security/request-guard.mjs
 * before Next sees it (Host allowlist, same-origin writes, JSON only, body limits),
 * the bind address is local-only unless the operator opts out (lib/security/bind.mjs),
 * and SIGTERM/SIGINT drain active runs before the process exits.
 *
 * `node scripts/server.mjs` serves the production build; `--dev` runs Next in
 * development mode behind the same guard. `npm start` (scripts/start.mjs) builds and
 * migrates first, then calls startServer().
 */
import './node-env.mjs';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { logger, REQUEST_ID_HEADER, routeConsoleToLogger } from '../lib/log.mjs';
import { applyHeapPolicy, startIdleCollector } from '../lib/runtime/memory.mjs';
import { resolveBind } from '../lib/security/bind.mjs';
import {
  allowListFromEnv,
  checkHost,
  checkRequest,
  isLoopbackPeer,
  bodyLimitFor,
  PEER_HEADER,
  REMOTE_ADDRESS_HEADER,
  SERVER_MARK_ENV,
  SERVER_MARK_HEADER,
  tooLarge,
} from '../lib/security/request-guard.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * One structured line per event (JSON in production), so rejections can be counted and grepped.
 * @param {'info' | 'warn' | 'error'} level
 * @param {string} msg
 * @param {Record<string, unknown>} [fields]
 */
function log(level, msg, fields = {}) {
  logger[level](fields, msg);
}

/**
 * Answers a refused request with the JSON error shape of the API and closes the
 * connection, so a client cannot keep streaming a body into it.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {{ status: number, code: string, message: string }} verdict
 */
function refuse(req, res, verdict) {
  if (res.headersSent) {
    req.socket?.destroy();
    return;
  }
  res.writeHead(verdict.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(JSON.stringify({ error: { code: verdict.code, message: verdict.message } }));
}

/**
 * How a connection closes after an answer that ends it (`connection: close`, a refusal):
 * Node would end it and destroy it as soon as the answer is written, and closing a socket
 * with the client's unread bytes still in the receive buffer makes the kernel send a reset,
 * which can make the client drop the answer it has not read yet (a 413 for an upload that
 * is still streaming then never arrives). Instead: stop reading (the client's writes stall
 * on TCP backpressure; nothing more is read), send the answer with a FIN, and close for
 * good a second later or when the client does. Installed once per connection.
 * @param {import('node:net').Socket} socket
 */
function lingerOnClose(socket) {
  const flagged = /** @type {import('node:net').Socket & { __lingers?: boolean }} */ (socket);
  if (flagged.__lingers) return;
  flagged.__lingers = true;
  socket.destroySoon = () => {
    socket.pause();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), 1000);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/**
 * Counts the body bytes the HTTP parser hands to this request as they arrive. Past the
 * limit the request is answered 413 (if nothing was answered yet) and the socket is
 * closed: a 200 MB upload is cut off at the limit, not read to its end. Node's parser
 * delivers every body chunk through `push`, whichever code reads the request later.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {number} limit
 * @param {Record<string, unknown>} fields what the log says about this request
 */
function limitBody(req, res, limit, fields) {
  const socket = req.socket; // detached from req once the response finishes
  const stats = { received: 0, cut: false };
  const push = req.push.bind(req);
  req.push = (chunk, encoding) => {
    // Past the limit nothing more reaches the request: the rest is dropped, not buffered.
    if (stats.cut) return false;
    if (chunk) {
      stats.received += chunk.length;
      if (stats.received > limit) {
        stats.cut = true;
        const verdict = tooLarge(limit, `body passed the limit while streaming (${stats.received} bytes read)`);
        log('warn', 'request rejected', { ...fields, status: 413, code: verdict.code, reason: verdict.reason, bytesRead: stats.received });
        // The answer closes the connection without a reset (lingerOnClose); one already under way cannot be answered.
        if (res.headersSent) socket.destroy();
        else refuse(req, res, verdict);
        return false;
      }
    }
    return push(chunk, encoding);
  };
  // A handler that answered before reading the whole body (a 413 from readJsonBody, a
  // 404…) must not leave the client streaming the rest into an open socket.
  res.on('finish', () => {
    if (!req.complete && !stats.cut) {
      if (res.statusCode === 413) log('warn', 'request body cut off', { ...fields, status: 413, bytesRead: stats.received });
      socket.destroySoon();
    }
  });
}

/**
 * Serves with the Next config the production build was made with, as Next's generated
 * standalone server.js does: from <distDir>/required-server-files.json, through the variable
 * Next reads instead of loading next.config.mjs (a standalone folder has none, and the config
 * loader's dependencies are not traced). The same in a checkout, so both serve one build one
 * way, and Next does not warn that `next start` ignores `output: 'standalone'`.
 *
 * Loading it once quietly here fills Next's config cache: Next's own first load prints a
 * plain-text timing line ("✓ Running next.config took …") among the JSON log lines.
 */
async function serveBuiltConfig() {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  const file = path.join(root, distDir, 'required-server-files.json');
  if (!existsSync(file)) {
    console.error(`No production build in ${path.join(root, distDir)}: run \`npm start\` (it builds), or \`next build\` first.`);
    process.exit(1);
  }
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')).config);
  const { default: loadConfig } = createRequire(import.meta.url)('next/dist/server/config');
  await loadConfig('phase-production-server', root, { silent: true });
}

/** @param {http.IncomingMessage} req */
function requestFields(req) {
  return {
    requestId: typeof req.headers[REQUEST_ID_HEADER] === 'string' ? req.headers[REQUEST_ID_HEADER] : undefined,
    method: req.method,
    path: (req.url ?? '').split('?')[0]?.slice(0, 200),
    host: String(req.headers.host ?? '').slice(0, 100),
    origin: req.headers.origin ? String(req.headers.origin).slice(0, 100) : undefined,
    secFetchSite: req.headers['sec-fetch-site'],
    remote: req.socket.remoteAddress,
  };
}

/**
 * @param {{ dev?: boolean, env?: Record<string, string | undefined> }} [options]
 * @returns {Promise<http.Server>}
 */
export async function startServer({ dev = false, env = process.env } = {}) {
  const bind = resolveBind(env);
  if (!bind.ok) {
    console.error(bind.message);
    process.exit(1);
  }
  const allowList = allowListFromEnv(env);

  // Next reads NODE_ENV when it loads; set it before importing. The mark tells proxy.ts that a request came through this server.
  const serverMark = randomUUID();
  Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production', [SERVER_MARK_ENV]: serverMark });
  if (!dev) await serveBuiltConfig();
  const { default: next } = await import('next');
  const app = next({ dev, dir: root, hostname: bind.host, port: bind.port });
  await app.prepare();
  // From here on, whatever Next prints (a failed render, a notice) is a JSON log line too.
  if (!dev) routeConsoleToLogger();
  const handle = app.getRequestHandler();

  // A bounded heap under load, and memory given back once the server is idle (lib/runtime/memory.mjs).
  applyHeapPolicy();
  const runs = /** @type {{ __agentPlaygroundActiveRuns?: () => number }} */ (globalThis);
  const idle = startIdleCollector({ isBusy: () => (runs.__agentPlaygroundActiveRuns?.() ?? 0) > 0 });

  const server = http.createServer((req, res) => {
    idle.noteActivity();
    // Every log line of this request carries its id; a client cannot choose it.
    req.headers[REQUEST_ID_HEADER] = randomUUID();
    const fields = requestFields(req);
    const socket = req.socket;
    lingerOnClose(socket);
    const verdict = checkRequest({ method: req.method ?? 'GET', headers: req.headers }, allowList, req.url ?? '/');
    if (!verdict.ok) {
      log('warn', 'request rejected', { ...fields, status: verdict.status, code: verdict.code, reason: verdict.reason });
      refuse(req, res, verdict);
      // A refused write's body is never read: the answer closes the connection (lingerOnClose).
      return;
    }
    // Routes learn whether the peer is this machine from this header alone; a client cannot set it.
    req.headers[PEER_HEADER] = isLoopbackPeer(req.socket.remoteAddress, req.headers) ? 'loopback' : 'remote';
    req.headers[SERVER_MARK_HEADER] = serverMark;
    // The socket's address, for per-IP rate limits; whatever a client sent under this name is dropped.
    if (req.socket.remoteAddress) req.headers[REMOTE_ADDRESS_HEADER] = req.socket.remoteAddress;
    else delete req.headers[REMOTE_ADDRESS_HEADER];
    limitBody(req, res, bodyLimitFor(req.url ?? '/'), fields);
    handle(req, res).catch((error) => {
      log('error', 'request failed', { ...fields, error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) refuse(req, res, { status: 500, code: 'internal', message: 'Internal server error.' });
    });
  });

  // WebSocket upgrades (the dev server's hot reload) meet the Host allowlist too.
  const upgrade = app.getUpgradeHandler();
  server.on('upgrade', (req, socket, head) => {
    const verdict = checkHost(req.headers, allowList);
    if (!verdict.ok) {
      log('warn', 'request rejected', { ...requestFields(req), status: verdict.status, code: verdict.code, reason: verdict.reason });
      socket.end(`HTTP/1.1 ${verdict.status} Forbidden\r\nConnection: close\r\n\r\n`);
      return;
    }
    upgrade(req, socket, head).catch(() => socket.destroy());
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(bind.port, bind.host, () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : bind.port;
  if (bind.warning) log('warn', bind.warning, { host: bind.host, port });
  const shown = bind.open ? `http://${bind.host.includes(':') ? `[${bind.host}]` : bind.host}:${port}` : `http://localhost:${port}`;
  log('info', `Agent Playground ${dev ? '(development) ' : ''}ready on ${shown}`, { host: bind.host, port, open: bind.open, accounts: bind.accounts });

  installShutdown(server);
  return server;
}

/**
 * SIGTERM/SIGINT: the app drains its runs (refusing new ones with 503 meanwhile, see
 * globalThis.__agentPlaygroundDrain), then the server closes and the process exits 0.
 * A second signal exits at once.
 * @param {http.Server} server
 */
function installShutdown(server) {
  let stopping = false;
  const stop = async (/** @type {NodeJS.Signals} */ signal) => {
    if (stopping) {
      log('warn', `${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log('info', `${signal} received: finishing active runs, then exiting`);
    const drain = /** @type {{ __agentPlaygroundDrain?: () => Promise<void> }} */ (globalThis).__agentPlaygroundDrain;
    try {
      await drain?.();
    } catch (error) {
      log('error', 'draining runs failed', { error: error instanceof Error ? error.message : String(error) });
    }
    // Let open streams deliver the runs' last chunks (the interruption a tab shows) before the sockets close.
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.close();
    server.closeAllConnections();
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.chdir(root);
  process.env.NEXT_TELEMETRY_DISABLED ??= '1';
  const nextEnv = await import('@next/env');
  nextEnv.default.loadEnvConfig(root, process.argv.includes('--dev'));
  await startServer({ dev: process.argv.includes('--dev') });
}
