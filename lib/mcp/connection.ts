import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolLogLine, ToolProgress } from '@/lib/agent/messages';
import type { ToolEmit } from '@/lib/agent/tool';
import { connectMcpServer, describeMcpError, type McpClientHandlers, type McpRequestContext, type McpServerConfig } from './connect';
import type { McpServerStatus } from './types';

/**
 * One server's live connection for the length of a run. It knows the calls in
 * flight, so that when the transport fails (a stdio process dies, a Streamable
 * HTTP stream breaks and the server does not answer a ping) every one of them
 * ends at once with an error naming the server, instead of waiting for a
 * timeout. It then reconnects with backoff, a bounded number of times, so later
 * calls of the same run work when the server comes back. It also carries the
 * calls' progress and the server's log lines to the call's card, and notes a
 * `notifications/tools/list_changed` for McpToolSet.refresh().
 */

/** Waits before each reconnect attempt: 0.5, 1, 2, 4, 4, 4 s (about 15 s in all), then it gives up for the run. */
const DEFAULT_RECONNECT_DELAYS_MS: readonly number[] = [500, 1_000, 2_000, 4_000, 4_000, 4_000];
/** After a transport error, the server must answer a ping within this to count as still there. */
const PING_TIMEOUT_MS = 1_500;
/** At the run's end, how long the last messages (cancellations, answers to the server's questions) may take to go out. */
const CLOSE_GRACE_MS = 1_000;
/** A progress part is written at most this often (≤ 10/s); the last state is always written. */
const PROGRESS_WRITE_INTERVAL_MS = 100;
/** Log lines kept per call (the newest). */
const MAX_LOG_LINES = 50;
const MAX_LOG_LINE_CHARS = 500;
/**
 * The SDK's own per-request timeout (60 s by default) would end a long call the
 * loop allows; the loop's tool timeout (which aborts the signal) is the one that counts.
 */
const CALL_REQUEST_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/** A line the run shows about a server (left out, reconnecting, its tools changed). */
export interface McpNotice {
  server: string;
  message: string;
}

interface McpConnectionOptions {
  timeoutMs?: number;
  handlers?: McpClientHandlers;
  reconnectDelaysMs?: readonly number[];
  /** The server's status changed (stored by lib/server for the settings page). */
  onStatus?(status: McpServerStatus): void;
  /**
   * Something the transcript should say (reconnecting, reconnected, gave up); `emit`
   * when a call in flight can write it into the step at once.
   */
  onNotice(notice: McpNotice, emit?: ToolEmit): void;
}

/** What a tool call hands its connection (the loop's ToolExecutionContext, in part). */
type McpCallContext = { toolCallId: string; signal: AbortSignal; emit: ToolEmit } & Pick<NonNullable<McpRequestContext['toolCall']>, 'addUsage' | 'pauseTimeout'>;

interface CallInFlight {
  toolName: string;
  toolCallId: string;
  emit: ToolEmit;
  /** For a server's requests during the call (elicitation, sampling): its usage and the pause of its timeout. */
  context: McpCallContext;
  controller: AbortController;
  fail(error: Error): void;
  progress: ProgressPart;
}

/**
 * Whether an error means the connection (not the tool) failed: the server refused
 * us, the connection broke, or (Streamable HTTP) it no longer knows our session.
 */
function connectionFailureOf(error: unknown): 'refused' | 'closed' | 'session' | null {
  if (error instanceof StreamableHTTPError) return error.code === 404 || error.code === 400 ? 'session' : null;
  if (error instanceof McpError) return error.code === ErrorCode.ConnectionClosed ? 'closed' : null;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'closed';
  return error instanceof TypeError && /fetch failed|terminated/.test(error.message) ? 'closed' : null;
}

/** The call ended because the server went away (not because the tool failed). */
class McpServerGoneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpServerGoneError';
  }
}

export class McpConnection {
  readonly server: McpServerConfig;
  private client: Client | null = null;
  private closed = false;
  private readonly calls = new Set<CallInFlight>();
  private readonly sending = new Set<Promise<void>>();
  private toolsChanged = false;
  private reconnecting: Promise<Client | null> | null = null;
  private connecting: Promise<Client | null> | null = null;
  private wakeReconnect: (() => void) | null = null;
  private lastError = '';
  private probing = false;
  private lastStatus: McpServerStatus | null;

  private constructor(
    server: McpServerConfig,
    private readonly options: McpConnectionOptions,
  ) {
    this.server = server;
    this.lastStatus = server.status ?? null;
  }

  /** Connects and initializes; throws a readable McpConnectionError when the server cannot be reached. */
  static async open(server: McpServerConfig, options: McpConnectionOptions): Promise<McpConnection> {
    const connection = new McpConnection(server, options);
    try {
      connection.attach(await connection.connect());
    } catch (error) {
      connection.setStatus('failed', error instanceof Error ? error.message : String(error));
      throw error;
    }
    connection.setStatus('connected');
    return connection;
  }

  get name(): string {
    return this.server.name;
  }

  /** True once, after the server said its tools changed (or it came back with a new session). */
  takeToolsChanged(): boolean {
    const changed = this.toolsChanged;
    this.toolsChanged = false;
    return changed;
  }

  /** The connected client, reconnecting at once if the connection was lost. */
  async ready(): Promise<Client> {
    if (this.closed) throw new McpServerGoneError(`MCP server "${this.name}": the run is over.`);
    if (this.client) return this.client;
    const client = await this.reconnectNow();
    if (!client) throw new McpServerGoneError(`MCP server "${this.name}" is not reachable: ${this.lastError || 'it closed the connection.'}`);
    return client;
  }

  /**
   * Calls a tool. Ends with an McpServerGoneError as soon as the connection is
   * lost; aborting `signal` sends `notifications/cancelled` (the SDK does).
   */
  async callTool(toolName: string, args: Record<string, unknown>, context: McpCallContext): Promise<CallToolResult> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.ready();
      try {
        return await this.callOnce(client, toolName, args, context);
      } catch (error) {
        if (error instanceof McpServerGoneError || context.signal.aborted) throw error;
        const failure = connectionFailureOf(error);
        const message = describeMcpError(error, this.name);
        if (!failure) throw new Error(message);
        this.lost(message);
        // The server no longer knows our session (it restarted between calls): the call never ran, so it goes again, once, in a new session.
        if (failure === 'session' && attempt === 0) continue;
        if (failure === 'refused') throw new McpServerGoneError(message);
        throw new McpServerGoneError(`MCP server "${this.name}" closed the connection while ${toolName} was running.`);
      }
    }
  }

  private async callOnce(client: Client, toolName: string, args: Record<string, unknown>, context: McpCallContext): Promise<CallToolResult> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(context.signal.reason);
    if (context.signal.aborted) onAbort();
    context.signal.addEventListener('abort', onAbort, { once: true });
    const call: CallInFlight = {
      toolName,
      toolCallId: context.toolCallId,
      emit: context.emit,
      context,
      controller,
      fail: () => {},
      progress: new ProgressPart(context.toolCallId, context.emit),
    };
    this.calls.add(call);
    try {
      return await new Promise<CallToolResult>((resolve, reject) => {
        call.fail = reject;
        client
          .callTool({ name: toolName, arguments: args }, undefined, {
            signal: controller.signal,
            timeout: CALL_REQUEST_TIMEOUT_MS,
            resetTimeoutOnProgress: true,
            onprogress: (progress) => this.onProgress(call, progress),
          })
          .then((result) => resolve(result as CallToolResult), reject);
      });
    } finally {
      call.progress.flush(true);
      this.calls.delete(call);
      context.signal.removeEventListener('abort', onAbort);
    }
  }

  /** Ends the connection for good: calls in flight are cancelled (the server hears `notifications/cancelled`), reconnecting stops. */
  async close(): Promise<void> {
    if (this.closed) return;
    // Lost and not back when the run ends: the settings page should not say "reconnecting" for ever.
    if (!this.client && this.lastStatus?.state === 'reconnecting') this.setStatus('failed', this.lastError);
    this.closed = true;
    for (const call of this.calls) call.controller.abort(new McpServerGoneError('The run ended.'));
    this.wakeReconnect?.();
    const client = this.client;
    this.client = null;
    await this.lastMessagesSent();
    await client?.close().catch(() => {});
  }

  /**
   * The messages the end of the calls just set off (their `notifications/cancelled`, the
   * "cancel" answer to a server's open question) go out before the transport closes, which
   * would abort them mid-request; a server that does not take them gets CLOSE_GRACE_MS.
   */
  private async lastMessagesSent(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.sending.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled([...this.sending]), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)))]);
    clearTimeout(timer);
  }

  /** Keeps track of the messages on their way out (see lastMessagesSent). */
  private trackSends(client: Client): void {
    const transport = client.transport;
    if (!transport) return;
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      const sent = send(message, options);
      this.sending.add(sent);
      const settled = () => void this.sending.delete(sent);
      sent.then(settled, settled);
      return sent;
    };
  }

  private connect(): Promise<Client> {
    return connectMcpServer(this.server, {
      timeoutMs: this.options.timeoutMs,
      handlers: this.options.handlers,
      currentToolCall: () => this.currentToolCall(),
    });
  }

  /** The latest call in flight: where a server's request (elicitation, sampling) and its log lines belong. */
  private currentToolCall(): McpRequestContext['toolCall'] {
    const latest = [...this.calls].at(-1);
    if (!latest) return undefined;
    const { addUsage, pauseTimeout } = latest.context;
    return { toolCallId: latest.toolCallId, emit: latest.emit, signal: latest.controller.signal, ...(addUsage ? { addUsage } : {}), ...(pauseTimeout ? { pauseTimeout } : {}) };
  }

  private attach(client: Client): void {
    this.client = client;
    this.trackSends(client);
    client.onclose = () => {
      if (this.client === client) this.lost(`MCP server "${this.name}" closed the connection.`);
    };
    client.onerror = () => {
      if (this.client === client) void this.probe(client);
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.toolsChanged = true;
    });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => this.onLog(notification));
    if (client.getServerCapabilities()?.logging) void client.setLoggingLevel('info').catch(() => {});
  }

  /**
   * A transport error (e.g. a Streamable HTTP stream broke). The server may still be
   * there; if it does not answer a ping at once, the connection counts as lost.
   */
  private async probe(client: Client): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      await client.ping({ timeout: PING_TIMEOUT_MS });
    } catch (error) {
      if (this.client === client) this.lost(describeMcpError(error, this.name));
    } finally {
      this.probing = false;
    }
  }

  /** The connection is gone: every call in flight ends now, with the server's name, and the reconnect starts. */
  private lost(reason: string): void {
    if (this.closed || !this.client) return;
    const client = this.client;
    this.client = null;
    this.lastError = reason;
    const calls = [...this.calls];
    // The card says what broke ("closed the connection while … was running"), the settings page why.
    this.notice('went away; reconnecting.', calls[0]?.emit);
    for (const call of calls) {
      call.fail(new McpServerGoneError(`MCP server "${this.name}" closed the connection while ${call.toolName} was running.`));
      // Tell the server (if anything is left of it) to stop; harmless when it is gone.
      call.controller.abort(new McpServerGoneError('connection lost'));
    }
    client.onclose = undefined;
    client.onerror = undefined;
    void client.close().catch(() => {});
    this.setStatus('reconnecting', reason);
    void this.reconnectInBackground();
  }

  /** Tries again after each delay; the first success ends it. */
  private reconnectInBackground(): void {
    if (this.reconnecting) return;
    const delays = this.options.reconnectDelaysMs ?? DEFAULT_RECONNECT_DELAYS_MS;
    this.reconnecting = (async () => {
      for (let attempt = 0; attempt < delays.length; attempt++) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delays[attempt]);
          this.wakeReconnect = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeReconnect = null;
        if (this.closed) return null;
        // A call may have reconnected in the meantime.
        const client = this.client ?? (await this.tryConnect());
        if (client) return client;
      }
      if (!this.closed) {
        this.setStatus('failed', this.lastError);
        this.notice(`gave up reconnecting (${delays.length} attempts): ${this.lastError.replace(/^MCP server "[^"]+":? ?/, '')}`);
      }
      return null;
    })().finally(() => {
      this.reconnecting = null;
    });
  }

  /** A call needs the server now: one attempt at once, without waiting out the backoff (which goes on if it fails). */
  private reconnectNow(): Promise<Client | null> {
    return this.tryConnect();
  }

  /** One attempt; calls that need the server at the same time share it. */
  private tryConnect(): Promise<Client | null> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connectAgain().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connectAgain(): Promise<Client | null> {
    try {
      const client = await this.connect();
      if (this.closed) {
        await client.close().catch(() => {});
        return null;
      }
      this.attach(client);
      // A new session may offer other tools: McpToolSet.refresh() re-lists.
      this.toolsChanged = true;
      this.setStatus('connected');
      this.notice('reconnected.');
      return client;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      return null;
    }
  }

  private notice(text: string, emit?: ToolEmit): void {
    const message = `MCP server "${this.name}" ${text.replace(/^MCP server "[^"]+" ?/, '')}`;
    this.options.onNotice({ server: this.name, message }, emit);
  }

  /** Reports a change only: a run that finds a server as the last one did writes nothing. */
  private setStatus(state: McpServerStatus['state'], message?: string): void {
    const last = this.lastStatus;
    if (last && last.state === state && (last.message ?? '') === (message ?? '')) return;
    this.lastStatus = { state, ...(message ? { message } : {}), at: Date.now() };
    this.options.onStatus?.(this.lastStatus);
  }

  private onProgress(call: CallInFlight, progress: Progress): void {
    call.progress.update({
      progress: progress.progress,
      ...(progress.total !== undefined ? { total: progress.total } : {}),
      ...(progress.message ? { message: progress.message.slice(0, MAX_LOG_LINE_CHARS) } : {}),
    });
  }

  /** A server's log line belongs to its latest call in flight (the notification does not say which). */
  private onLog(notification: LoggingMessageNotification): void {
    const call = [...this.calls].at(-1);
    if (!call) return;
    const { level, data, logger } = notification.params;
    const text = (typeof data === 'string' ? data : (JSON.stringify(data) ?? '')).slice(0, MAX_LOG_LINE_CHARS);
    call.progress.log({ level, text, ...(logger ? { logger } : {}) });
  }
}

/**
 * A call's `data-tool-progress` part (id `progress-<toolCallId>`): its latest
 * progress and its newest log lines, written at most every 100 ms.
 */
class ProgressPart {
  private data: ToolProgress;
  private lastWrite = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dirty = false;

  constructor(
    private readonly toolCallId: string,
    private readonly emit: ToolEmit,
  ) {
    this.data = { toolCallId };
  }

  update(fields: Omit<ToolProgress, 'toolCallId' | 'logs'>): void {
    this.data = { ...this.data, ...fields };
    this.changed();
  }

  log(line: ToolLogLine): void {
    this.data = { ...this.data, logs: [...(this.data.logs ?? []), line].slice(-MAX_LOG_LINES) };
    this.changed();
  }

  /** Writes what is not written yet; `final` at the call's end, so the stored part holds the last state. */
  flush(final = false): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty) return;
    if (!final && Date.now() - this.lastWrite < PROGRESS_WRITE_INTERVAL_MS) {
      this.timer = setTimeout(() => this.flush(), PROGRESS_WRITE_INTERVAL_MS - (Date.now() - this.lastWrite));
      return;
    }
    this.dirty = false;
    this.lastWrite = Date.now();
    this.emit({ type: 'data-tool-progress', id: `progress-${this.toolCallId}`, data: this.data });
  }

  private changed(): void {
    this.dirty = true;
    if (!this.timer) this.flush();
  }
}
