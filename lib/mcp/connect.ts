import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  McpError,
  type ClientCapabilities,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { UsageTotals } from '@/lib/agent/messages';
import type { ToolEmit } from '@/lib/agent/tool';
import type { McpServerRecord } from './types';
import { isStdioAllowed, STDIO_ENV_FLAG } from './config';
import { samplingRefusal } from './sampling';
import { isCommandConfirmed, UNCONFIRMED_COMMAND_MESSAGE } from './stdio-command';

/** What it takes to reach a server: the stored row minus bookkeeping. */
export type McpServerConfig = Pick<McpServerRecord, 'name' | 'transport' | 'url' | 'headers' | 'command' | 'args' | 'confirmedCommand'> &
  Partial<Pick<McpServerRecord, 'id' | 'toolTimeoutMs' | 'status'>> & {
    /** Set when the stored header values could not be decrypted (lib/server): the server is not contacted, and this says why. */
    headersUnreadable?: string;
    /** OAuth for remote servers that require it (lib/server fills it in with the owner's stored tokens). */
    authProvider?: OAuthClientProvider;
    /** The owner allows this server to ask our model for completions (MCP sampling). */
    allowSampling?: boolean;
  };

/** What a handler of a server's request (elicitation, sampling) knows about where it came from. */
export interface McpRequestContext {
  /** The server's name. */
  server: string;
  /** Aborted when the request is cancelled or the run ends. */
  signal: AbortSignal;
  /** The call in flight on that server, when there is one (the latest). */
  toolCall?: {
    toolCallId: string;
    emit: ToolEmit;
    /** The call's own signal (Stop, its timeout, the run's end): a question asked during the call ends with it. */
    signal?: AbortSignal;
    /** Usage the request spent on the model (sampling), added to the run's. */
    addUsage?(usage: UsageTotals): void;
    /** Stops the call's timeout while the user answers (ToolExecutionContext.pauseTimeout). */
    pauseTimeout?(): () => void;
  };
}

/** Answers to requests a server sends us. The client declares a capability only for the handlers present. */
export interface McpClientHandlers {
  elicit?(params: ElicitRequest['params'], ctx: McpRequestContext): Promise<ElicitResult>;
  sample?(params: CreateMessageRequest['params'], ctx: McpRequestContext): Promise<CreateMessageResult>;
  /** Told when a sampling request was refused because the server may not sample, so the call's card can say so. */
  samplingRefused?(params: CreateMessageRequest['params'], ctx: McpRequestContext): void;
}

interface ConnectOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  handlers?: McpClientHandlers;
  /** The call in flight on this connection, for handler contexts (set by the live connection in ./connection.ts). */
  currentToolCall?: () => McpRequestContext['toolCall'];
}

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

/** Redirects are refused: a server cannot send our requests (and its headers) elsewhere. */
const fetchWithoutRedirects: typeof fetch = (input, init) => fetch(input, { ...init, redirect: 'error' });

async function transportFor(server: McpServerConfig): Promise<Transport> {
  if (server.transport === 'stdio') {
    if (!isStdioAllowed()) throw new McpConnectionError(`stdio MCP servers are disabled on this server (set ${STDIO_ENV_FLAG}=1 to allow them).`);
    if (!server.command) throw new McpConnectionError('This stdio server has no command.');
    if (!isCommandConfirmed(server)) throw new McpConnectionError(UNCONFIRMED_COMMAND_MESSAGE);
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    // The SDK's default environment (PATH, HOME, …), never ours: the server does not see the app's secrets.
    return new StdioClientTransport({ command: server.command, args: server.args ?? [], stderr: 'inherit' });
  }
  if (!server.url) throw new McpConnectionError('This server has no URL.');
  if (server.headersUnreadable) throw new McpConnectionError(`MCP server "${server.name}": ${server.headersUnreadable}`);
  const url = new URL(server.url);
  const options = { requestInit: { headers: server.headers ?? {}, redirect: 'error' as const }, fetch: fetchWithoutRedirects, authProvider: server.authProvider };
  return server.transport === 'sse' ? new SSEClientTransport(url, options) : new StreamableHTTPClientTransport(url, options);
}

function newClient(server: McpServerConfig, options: ConnectOptions): Client {
  const handlers = options.handlers ?? {};
  const capabilities: ClientCapabilities = {
    ...(handlers.elicit ? { elicitation: { form: {} } } : {}),
    ...(handlers.sample && server.allowSampling ? { sampling: {} } : {}),
  };
  const client = new Client(
    { name: 'agent-playground', version: '1.0.0' },
    { capabilities },
  );
  // Requests we have no handler for: a sampling request gets a reason, anything else "method not found".
  client.fallbackRequestHandler = async (request, extra) => {
    if (request.method === 'sampling/createMessage') {
      const refused = CreateMessageRequestSchema.safeParse(request);
      if (refused.success) handlers.samplingRefused?.(refused.data.params, contextOf(extra.signal));
      throw new McpError(ErrorCode.InvalidRequest, samplingRefusal(server.name));
    }
    throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
  };
  const contextOf = (signal: AbortSignal): McpRequestContext => {
    const toolCall = options.currentToolCall?.();
    return { server: server.name, signal, ...(toolCall ? { toolCall } : {}) };
  };
  if (handlers.elicit) {
    const elicit = handlers.elicit;
    client.setRequestHandler(ElicitRequestSchema, (request, extra) => elicit(request.params, contextOf(extra.signal)));
  }
  if (handlers.sample && server.allowSampling) {
    const sample = handlers.sample;
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) => sample(request.params, contextOf(extra.signal)));
  }
  return client;
}

/** Connects and initializes, or fails with a readable McpConnectionError within `timeoutMs`. */
export async function connectMcpServer(server: McpServerConfig, options: ConnectOptions = {}): Promise<Client> {
  const timeoutMs = options.timeoutMs ?? MCP_CONNECT_TIMEOUT_MS;
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const client = newClient(server, options);
  const connecting = (async () => {
    await client.connect(await transportFor(server), { timeout: timeoutMs, signal: controller.signal });
    return client;
  })();
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
    // A connection that completes after we gave up must not leak (a stdio server is a process).
    void connecting.then((late) => late.close()).catch(() => {});
    if (error instanceof McpConnectionError) throw error;
    throw new McpConnectionError(describeMcpError(error, server.name));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) return error.code;
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** One readable line for a failure talking to an MCP server; never a stack trace, never a header. */
export function describeMcpError(error: unknown, serverName: string): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  if (code === 'ECONNREFUSED') return `MCP server "${serverName}" refused the connection (is it running?).`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `MCP server "${serverName}": the host name could not be resolved.`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `MCP server "${serverName}" closed the connection.`;
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) return `MCP server "${serverName}" closed the connection.`;
  if (error instanceof UnauthorizedError) {
    return `MCP server "${serverName}" requires authorization: press "Connect" in Settings → MCP servers.`;
  }
  const status = httpStatusOf(error);
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
