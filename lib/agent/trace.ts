import type { FinishReason } from 'ai';
import type { NudgeNotice, UsageTotals } from './messages';
import { emptyUsage } from './messages';
import type { EditableRequest } from './editable-request';
import type { HookRecord } from './hooks';

/**
 * The per-step trace: what exactly went to the provider and what came back.
 * A plain JSON object; the caller stores it (one row per step).
 */

export interface RetryRecord {
  attempt: number;
  cause: string;
  statusCode?: number;
  message: string;
  /** The provider's (or parser's) own words, e.g. a malformed frame's raw text: for the inspector only. */
  detail?: string;
  delayMs: number;
}

export interface ToolTrace {
  toolCallId: string;
  toolName: string;
  status: 'ok' | 'error' | 'invalid' | 'denied' | 'timeout' | 'cancelled' | 'awaiting-approval';
  durationMs: number;
  error?: string;
  /** The model saw a truncated copy of the output. */
  truncated?: boolean;
  /** Set when a beforeToolCall hook rewrote the arguments. */
  rewrittenInput?: unknown;
}

/**
 * How a paused call was let go (step mode). An edited one keeps the request as it paused and
 * as the person sent it (both redacted), so the inspector can show the edit as a diff; the
 * provider body (`request.body`) is what really went out.
 */
export interface ReleaseRecord {
  edited: boolean;
  original?: EditableRequest;
  request?: EditableRequest;
}

export interface StepTrace {
  /** 0-based step number within the run (like the SDK's `stepNumber`); an approvals step comes first, as 0. */
  stepNumber: number;
  /**
   * `summary` is the final tools-off call after max iterations; `approvals`
   * runs the calls the user answered before the run continues (no model call).
   */
  kind: 'model' | 'summary' | 'approvals';
  startedAt: string;
  durationMs: number;
  /** From the start of the (last) attempt to the first text, reasoning or tool-call chunk. */
  timeToFirstTokenMs: number | null;
  request: {
    /** The provider request body exactly as sent (redacted), or our own reconstruction when the provider gives none. */
    body: unknown;
    bodySource: 'provider' | 'reconstructed';
    modelId: string;
    provider: string;
    instructions: string;
    messageCount: number;
    tools: string[];
    settings: Record<string, unknown>;
    /** Step mode: the call was paused before it was sent, then continued; `edited`: with a request the person changed. */
    released?: ReleaseRecord;
  };
  response: { id?: string; modelId?: string; timestamp?: string; headers?: Record<string, string> } | null;
  finishReason: { unified: FinishReason; raw: string | null } | null;
  usage: UsageTotals;
  retries: RetryRecord[];
  error: { message: string; detail?: string; cause: string; statusCode?: number } | null;
  tools: ToolTrace[];
  hooks: HookRecord[];
  nudges: NudgeNotice[];
  warnings: unknown[];
}

export function createStepTrace(stepNumber: number, kind: StepTrace['kind'], startedAtMs: number): StepTrace {
  return {
    stepNumber,
    kind,
    startedAt: new Date(startedAtMs).toISOString(),
    durationMs: 0,
    timeToFirstTokenMs: null,
    request: { body: null, bodySource: 'reconstructed', modelId: '', provider: '', instructions: '', messageCount: 0, tools: [], settings: {} },
    response: null,
    finishReason: null,
    usage: emptyUsage(),
    retries: [],
    error: null,
    tools: [],
    hooks: [],
    nudges: [],
    warnings: [],
  };
}

const REDACTED = '[REDACTED]';

/** Header and field names whose values are credentials. */
const SECRET_KEY = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|apikey|api_key|x-goog-api-key|password|secret|client_secret|access_token|refresh_token|id_token|token|openai-organization|openai-project)$|api[-_]?key|secret|password|bearer/i;
/** Values that look like keys even under an innocent name. */
const SECRET_VALUE = /\b(sk-[A-Za-z0-9_-]{8,}|sk-ant-[A-Za-z0-9_-]{8,}|gsk_[A-Za-z0-9]{8,}|xai-[A-Za-z0-9]{8,}|AIza[0-9A-Za-z_-]{20,})|Bearer\s+[A-Za-z0-9._~+/=-]{8,}/g;

/** Deep copy with anything that looks like a credential replaced, and made JSON-safe. */
export function redactSecrets<T>(value: T): T {
  return redact(value, new WeakSet()) as T;
}

/** One field of an object as `redactSecrets` would write it (a credential-named field's value is replaced whole). */
export function redactField(key: string, value: unknown): unknown {
  return SECRET_KEY.test(key) && value != null && value !== '' ? REDACTED : redact(value, new WeakSet());
}

function redact(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return value.replace(SECRET_VALUE, REDACTED);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' ? value.toString() : typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof URL) return value.toString();
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item != null && item !== '' ? REDACTED : redact(item, seen);
  }
  return out;
}

/** Guesses the endpoint from the body shape: Responses bodies have `input`, Chat Completions bodies `messages`. */
function endpointFor(body: unknown): string {
  if (body && typeof body === 'object' && 'input' in body && !('messages' in body)) return '/responses';
  return '/chat/completions';
}

/**
 * "Copy as curl" for a step. The key is never in the output: it reads
 * `$OPENAI_API_KEY` (or the variable you name) from the shell.
 */
export function toCurl(trace: StepTrace, options: { baseUrl: string; path?: string; apiKeyEnv?: string }): string {
  const body = redactSecrets(trace.request.body);
  // Anthropic's Messages API: its own path, key header and version header.
  const anthropic = trace.request.provider.startsWith('anthropic');
  const url = `${options.baseUrl.replace(/\/+$/, '')}${options.path ?? (anthropic ? '/messages' : endpointFor(body))}`;
  const json = JSON.stringify(body, null, 2) ?? 'null';
  const apiKeyEnv = options.apiKeyEnv ?? (anthropic ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY');
  const auth = anthropic ? [`  -H "x-api-key: $${apiKeyEnv}"`, `  -H 'anthropic-version: 2023-06-01'`] : [`  -H "Authorization: Bearer $${apiKeyEnv}"`];
  return [`curl ${shellQuote(url)}`, `  -H 'Content-Type: application/json'`, ...auth, `  -d ${shellQuote(json)}`].join(' \\\n');
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
