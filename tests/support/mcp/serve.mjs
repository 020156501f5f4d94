/**
 * Serves one test MCP server (built with the official SDK) over stdio or
 * Streamable HTTP, chosen by argv:
 *   node fixture.mjs --stdio
 *   node fixture.mjs --http PORT      (prints "listening on port PORT" to stderr)
 * A fixture module calls `serve((ctx) => mcpServer)`; the builder runs once per
 * MCP session. `record(event)` appends one JSON line to $MCP_RECORD_FILE (or the
 * file after `--records`, for stdio), so a
 * test can see what the server received (cancellations, arguments, answers).
 */
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

function recordFileOf() {
  const at = process.argv.indexOf('--records');
  return at >= 0 ? process.argv[at + 1] : process.env.MCP_RECORD_FILE;
}

export function record(event) {
  const file = recordFileOf();
  if (file) appendFileSync(file, `${JSON.stringify({ at: Date.now(), pid: process.pid, ...event })}\n`);
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/**
 * @param {(ctx: { sessionId?: string }) => import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} build
 * @param {{ middleware?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean> }} [options]
 *   middleware: return true when it answered the request itself (e.g. OAuth endpoints, an auth check).
 */
export async function serve(build, options = {}) {
  const args = process.argv.slice(2);
  if (args.includes('--stdio')) {
    const server = build({});
    await server.connect(new StdioServerTransport());
    return;
  }
  const port = Number(args[args.indexOf('--http') + 1]);
  if (!Number.isInteger(port) || port <= 0) throw new Error('usage: --stdio | --http PORT');
  /** @type {Map<string, StreamableHTTPServerTransport>} */
  const transports = new Map();
  const httpServer = http.createServer(async (req, res) => {
    try {
      if (options.middleware && (await options.middleware(req, res))) return;
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      if (url.pathname !== '/mcp') {
        res.writeHead(404).end();
        return;
      }
      const sessionId = req.headers['mcp-session-id'];
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
      if (!transport) {
        if (req.method !== 'POST' || !isInitializeRequest(body)) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null }));
          return;
        }
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => transports.set(id, created),
        });
        created.onclose = () => {
          if (created.sessionId) transports.delete(created.sessionId);
        };
        await build({}).connect(created);
        transport = created;
      }
      await transport.handleRequest(req, res, body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error instanceof Error ? error.message : error));
    }
  });
  await new Promise((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  process.stderr.write(`listening on port ${port}\n`);
}
