// Types for the plain-JS scripted server, so TypeScript tests can import it.

export interface RecordedRequest {
  api: 'chat' | 'responses' | 'anthropic' | 'transcriptions';
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON request body as sent by the client. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON the tests dig into
  body: any;
  /** Scenario that answered the request ('default' when none was selected). */
  scenario: string;
  params: Record<string, string>;
  /** Epoch ms when the request arrived. */
  at: number;
  /**
   * How the server's answer ended: 'pending' while streaming, 'completed',
   * 'error-frame' (midstream-error), 'dropped' (drop), 'stalled' (stall: the client
   * gave up on the silent connection), 'malformed-frame' (malformed: completed, with one
   * unparseable frame), 'client-gone' (the client disconnected first, e.g. an abort during `slow`), or `http-<status>`.
   */
  outcome: 'pending' | 'completed' | 'error-frame' | 'dropped' | 'stalled' | 'malformed-frame' | 'client-gone' | `http-${number}`;
}

export interface ScriptedServer {
  /** Base URL for providers, e.g. http://127.0.0.1:PORT/v1 (OpenAI: chat/completions, responses; Anthropic: messages) */
  url: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** Copy of the recorded chat/responses requests, oldest first. */
  requests(): RecordedRequest[];
  /** Clears recorded requests and the per-conversation retry counters. */
  reset(): void;
  /** Stops the server, destroying open connections. */
  close(): Promise<void>;
}

export function startScriptedServer(options?: {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Receives internal server errors (default: silent). */
  log?: (msg: string) => void;
}): Promise<ScriptedServer>;

/** Names accepted by `x-scenario`, `[[scenario:NAME]]` or model id `scripted-NAME`. */
export const SCENARIOS: string[];

/** Absolute path of the recorded wire fixtures (env WIRE_DIR or ../shared/wire). */
export function wireDir(): string;

/** The signature the scripted server gives an Anthropic thinking block with this text (the next request must send it back). */
export function scriptedSignature(thinking: string): string;

/** The encrypted content the scripted server gives a Responses reasoning item with this summary text (when the request includes `reasoning.encrypted_content`). */
export function scriptedEncryptedContent(text: string): string;
