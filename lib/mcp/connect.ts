import { createMCPClient, type MCPClient, type MCPTransport } from '@ai-sdk/mcp';
import type { McpServerRecord } from './types';
import { isStdioAllowed, STDIO_ENV_FLAG } from './config';
import { isCommandConfirmed, UNCONFIRMED_COMMAND_MESSAGE } from './stdio-command';

/** What it takes to reach a server: the stored row minus bookkeeping. */
export type McpServerConfig = Pick<McpServerRecord, 'name' | 'transport' | 'url' | 'headers' | 'command' | 'args' | 'confirmedCommand'> &
  Partial<Pick<McpServerRecord, 'toolTimeoutMs'>> & {
    /** Set when the stored header values could not be decrypted (lib/server): the server is not contacted, and this says why. */
    headersUnreadable?: string;
  };

/**
 * Connecting (transport start + initialize) and listing tools are bounded:
 * a run must not wait long for a server that is down or stalled.
 */
export const MCP_CONNECT_TIMEOUT_MS = 5_000;

export class McpConnectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpConnectionError';
  }
}

async function transportFor(server: McpServerConfig): Promise<MCPTransport | { type: 'http' | 'sse'; url: string; headers: Record<string, string>; redirect: 'error' }> {
  if (server.transport === 'stdio') {
    if (!isStdioAllowed()) throw new McpConnectionError(`stdio MCP servers are disabled on this server (set ${STDIO_ENV_FLAG}=1 to allow them).`);
    if (!server.command) throw new McpConnectionError('This stdio server has no command.');
    if (!isCommandConfirmed(server)) throw new McpConnectionError(UNCONFIRMED_COMMAND_MESSAGE);
    const { StdioMCPTransport } = await import('@ai-sdk/mcp/mcp-stdio');
    return new StdioMCPTransport({ command: server.command, args: server.args ?? [] });
  }
  if (!server.url) throw new McpConnectionError('This server has no URL.');
  if (server.headersUnreadable) throw new McpConnectionError(`MCP server "${server.name}": ${server.headersUnreadable}`);
  // Redirects are refused: a server cannot send our requests (and its headers) elsewhere.
  return { type: server.transport, url: server.url, headers: server.headers ?? {}, redirect: 'error' };
}

/** Connects and initializes, or fails with a readable McpConnectionError within `timeoutMs`. */
export async function connectMcpServer(server: McpServerConfig, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<MCPClient> {
  const timeoutMs = options.timeoutMs ?? MCP_CONNECT_TIMEOUT_MS;
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connecting = (async () =>
    createMCPClient({
      transport: await transportFor(server),
      clientName: 'agent-playground',
      initializationOptions: { timeout: timeoutMs, signal: controller.signal },
      onUncaughtError: () => {}, // stream hiccups surface as the next call's error
    }))();
  try {
    return await Promise.race([
      connecting,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new McpConnectionError(`MCP server "${server.name}" did not answer within ${timeoutMs / 1000} s.`));
        }, timeoutMs);
      }),
    ]);
  } catch (error) {
    // A connection that completes after we gave up must not leak.
    void connecting.then((client) => client.close()).catch(() => {});
    if (error instanceof McpConnectionError) throw error;
    throw new McpConnectionError(describeMcpError(error, server.name));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** One readable line for a failure talking to an MCP server; never a stack trace, never a header. */
export function describeMcpError(error: unknown, serverName: string): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  if (code === 'ECONNREFUSED') return `MCP server "${serverName}" refused the connection (is it running?).`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `MCP server "${serverName}": the host name could not be resolved.`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `MCP server "${serverName}" closed the connection.`;
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
  if (status === 401 || status === 403) return `MCP server "${serverName}" refused our credentials (HTTP ${status}): check its headers.`;
  if (status === 404 || status === 405) {
    return `MCP server "${serverName}" answered HTTP ${status}: check the URL (Streamable HTTP servers usually listen on /mcp, SSE servers on /sse) and the transport.`;
  }
  if (typeof status === 'number') return `MCP server "${serverName}" answered HTTP ${status}.`;
  const message = error instanceof Error ? error.message : String(error);
  const detail = cause?.message && cause.message !== message ? `${message} (${cause.message})` : message;
  return `MCP server "${serverName}": ${oneLine(detail)}`;
}

/** Error texts can carry whole HTML pages; keep one short line. */
function oneLine(text: string, max = 300): string {
  const flat = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
