import { APICallError } from 'ai';

/**
 * Error classification: which failures are worth retrying, and what to tell
 * the user about them in plain words.
 */

type ErrorCause =
  | 'rate-limited'
  | 'quota'
  | 'server-error'
  | 'overloaded'
  | 'timeout'
  | 'conflict'
  | 'network'
  | 'stalled'
  | 'malformed'
  | 'auth'
  | 'forbidden'
  | 'bad-request'
  | 'not-found'
  | 'cancelled'
  | 'unknown';

export interface ClassifiedError {
  cause: ErrorCause;
  retryable: boolean;
  statusCode?: number;
  /** The provider's (or runtime's) own message. */
  providerMessage: string;
  /** A sentence for the user, e.g. "Authentication failed (401): Incorrect API key provided". */
  message: string;
  /** From `retry-after-ms` / `Retry-After`, when the provider sent one. */
  retryAfterMs?: number;
  /** Response headers of a failed HTTP call (for the retry-after lookup and the trace). */
  responseHeaders?: Record<string, string>;
}

/** Status codes that are worth another try: timeouts, conflicts, rate limits and transient server failures. */
const RETRYABLE_STATUS_CODES: ReadonlySet<number> = new Set([408, 409, 429, 500, 502, 503, 504, 529]);

const NETWORK_CODES = ['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT'];
const NETWORK_MESSAGES = ['socket hang up', 'fetch failed', 'network error', 'other side closed'];

/**
 * The model stream sent nothing for the idle timeout: the connection may still
 * be open, but a provider that is silent this long has stalled.
 */
export class StreamStallError extends Error {
  override readonly name = 'StreamStallError';
  constructor(readonly idleMs: number) {
    super(`The model stopped sending data for ${formatSeconds(idleMs)}.`);
  }
}

/** "60 s", "0.5 s" */
export function formatSeconds(ms: number): string {
  return ms < 1000 ? `${Math.max(0.1, Math.round(ms / 100) / 10)} s` : `${Math.round(ms / 1000)} s`;
}

/** SDK parse failures: a frame that is not JSON, or JSON that is not a valid chunk. */
const MALFORMED_FRAME_ERRORS = ['AI_JSONParseError', 'AI_TypeValidationError'];

export function classifyError(error: unknown): ClassifiedError {
  const providerMessage = errorMessage(error);
  if (isAbortError(error)) {
    return { cause: 'cancelled', retryable: false, providerMessage, message: 'The request was cancelled.' };
  }
  if (error instanceof StreamStallError) {
    return { cause: 'stalled', retryable: true, providerMessage, message: error.message.replace(/\.$/, '') };
  }
  // Like a dropped connection: worth another try. The raw frame text stays in providerMessage (the step trace),
  // never in the sentence the user sees. Only the parse error itself counts: a provider error that merely has one
  // as its cause (e.g. "Received a Chat Completions stream while using the Responses API") says more than we would.
  if (isNamed(error, MALFORMED_FRAME_ERRORS)) {
    return { cause: 'malformed', retryable: true, providerMessage, message: 'The provider sent a malformed stream event' };
  }

  const statusCode = findStatusCode(error);
  const responseHeaders = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  if (statusCode !== undefined) {
    // A provider that says "don't retry" wins over the status: OpenAI's insufficient_quota is a 429
    // that no amount of waiting fixes.
    if (isQuotaExhausted(error)) {
      return { cause: 'quota', retryable: false, statusCode, providerMessage, responseHeaders, message: `Quota exhausted (${statusCode}): ${providerMessage}` };
    }
    const cause = causeForStatus(statusCode);
    const providerSaysFinal = APICallError.isInstance(error) && error.isRetryable === false;
    const retryable = RETRYABLE_STATUS_CODES.has(statusCode) && !providerSaysFinal;
    return { cause, retryable, statusCode, providerMessage, responseHeaders, message: describe(cause, statusCode, providerMessage) };
  }

  const networkCode = findNetworkCode(error);
  if (networkCode) {
    return { cause: 'network', retryable: true, providerMessage, message: `Network error (${networkCode}): ${providerMessage}` };
  }
  // Errors reported inside the event stream (e.g. OpenAI's `{"type":"error","code":"server_error"}`).
  const code = findStringField(error, ['code', 'type']) ?? '';
  if (/rate_limit/i.test(code) || /rate limit/i.test(providerMessage)) {
    return { cause: 'rate-limited', retryable: true, providerMessage, message: `Rate limited: ${providerMessage}` };
  }
  if (/overloaded/i.test(code) || /overloaded/i.test(providerMessage)) {
    return { cause: 'overloaded', retryable: true, providerMessage, message: `The provider is overloaded: ${providerMessage}` };
  }
  if (/server_error|internal_error/i.test(code)) {
    return { cause: 'server-error', retryable: true, providerMessage, message: `Server error: ${providerMessage}` };
  }
  if (APICallError.isInstance(error) && error.isRetryable) {
    return { cause: 'network', retryable: true, providerMessage, message: `Network error: ${providerMessage}` };
  }
  return { cause: 'unknown', retryable: false, providerMessage, message: `The model call failed: ${providerMessage}` };
}

function isQuotaExhausted(error: unknown): boolean {
  const code = findStringField(error, ['code', 'type']) ?? '';
  return /insufficient_quota|quota_exceeded/i.test(code) || /exceeded your current quota/i.test(errorMessage(error));
}

function causeForStatus(status: number): ErrorCause {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 408) return 'timeout';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status === 529) return 'overloaded';
  if (status >= 500) return 'server-error';
  if (status >= 400) return 'bad-request';
  return 'unknown';
}

function describe(cause: ErrorCause, status: number, providerMessage: string): string {
  switch (cause) {
    case 'auth':
      return `Authentication failed (401): ${providerMessage}`;
    case 'forbidden':
      return `Access denied (403): ${providerMessage}`;
    case 'not-found':
      return `Not found (404) — check the model id and base URL: ${providerMessage}`;
    case 'bad-request':
      return `The provider rejected the request (${status}): ${providerMessage}`;
    case 'rate-limited':
      return `Rate limited (429): ${providerMessage}`;
    case 'timeout':
      return `The provider timed out (408): ${providerMessage}`;
    case 'conflict':
      return `Conflict (409): ${providerMessage}`;
    case 'overloaded':
      return `The provider is overloaded (${status}): ${providerMessage}`;
    default:
      return `Server error (${status}): ${providerMessage}`;
  }
}

/** Short label for a retry notice: "Rate limited", "Server error (503)". */
export function retryLabel(error: ClassifiedError): string {
  switch (error.cause) {
    case 'rate-limited':
      return 'Rate limited';
    case 'overloaded':
      return 'Provider overloaded';
    case 'timeout':
      return 'Request timed out';
    case 'conflict':
      return 'Conflict (409)';
    case 'network':
      return 'Network error';
    case 'stalled':
      return error.message;
    case 'malformed':
      return 'Malformed stream event';
    case 'server-error':
      return error.statusCode ? `Server error (${error.statusCode})` : 'Server error';
    default:
      return 'Model call failed';
  }
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const nested = (error as { error?: unknown; message?: unknown }).message ?? (error as { error?: { message?: unknown } }).error?.message;
    if (typeof nested === 'string') return nested;
    try {
      return JSON.stringify(error);
    } catch {
      return String(error);
    }
  }
  return String(error);
}

function* causeChain(error: unknown): Generator<unknown> {
  let current: unknown = error;
  for (let depth = 0; current != null && depth < 6; depth++) {
    yield current;
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
}

function isNamed(error: unknown, names: string[]): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && names.includes(name);
}

function findStatusCode(error: unknown): number | undefined {
  for (const e of causeChain(error)) {
    const status = (e as { statusCode?: unknown; status?: unknown }).statusCode ?? (e as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400) return status;
  }
  return undefined;
}

function findNetworkCode(error: unknown): string | undefined {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.includes(code)) return code;
    const message = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
    const hit = NETWORK_MESSAGES.find((m) => message.toLowerCase().includes(m));
    if (hit) return hit;
    const codeInMessage = NETWORK_CODES.find((c) => message.includes(c));
    if (codeInMessage) return codeInMessage;
  }
  return undefined;
}

function findStringField(error: unknown, fields: string[]): string | undefined {
  for (const e of causeChain(error)) {
    if (!e || typeof e !== 'object') continue;
    for (const field of fields) {
      const value = (e as Record<string, unknown>)[field];
      if (typeof value === 'string') return value;
    }
    const inner = (e as { error?: unknown }).error;
    if (inner && typeof inner === 'object') {
      for (const field of fields) {
        const value = (inner as Record<string, unknown>)[field];
        if (typeof value === 'string') return value;
      }
    }
  }
  return undefined;
}
