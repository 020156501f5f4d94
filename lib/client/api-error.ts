import { describeApiError, isApiErrorCode, type ApiErrorCode } from '@/lib/api/errors';

/**
 * Errors from our HTTP API arrive as JSON `{ error: { code, message } }`. The
 * AI SDK's transport wraps a failed POST in an APICallError whose message is
 * the raw response body; these helpers turn either into a sentence a person
 * can read. This is the one place the browser reads error answers.
 */

/** A code from the server, or `network` when the server could not be reached at all. */
export type ClientErrorCode = ApiErrorCode | 'network';

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: ClientErrorCode,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

interface ParsedBody {
  message?: string;
  code?: ApiErrorCode;
}

/** `{ error: { code, message } }` → its parts; a known code without a message gets its plain-words description. */
export function parseErrorBody(body: unknown): ParsedBody | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const error = (body as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const known = isApiErrorCode(code) ? code : undefined;
  const text = typeof message === 'string' && message ? message : known ? describeApiError(known) : undefined;
  return { message: text, code: known };
}

function parseBody(text: string): ParsedBody | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    return parseErrorBody(JSON.parse(trimmed));
  } catch {
    // not JSON: the text itself is the message
    return undefined;
  }
}

const FALLBACK_BY_STATUS: Record<number, string> = {
  400: 'The server could not accept this request.',
  404: 'This session no longer exists.',
  409: 'The agent is still working in this session. Wait for it to finish or press Stop, then send again.',
  413: 'The message is too long (limit 100,000 characters).',
  500: 'The server hit an unexpected error. Try again in a moment.',
};

export interface ReadableError {
  message: string;
  status?: number;
  code?: ClientErrorCode;
}

/** Reads any error (ours, the AI SDK's, a network failure) into a message, status and code. */
export function readError(error: unknown): ReadableError {
  if (error instanceof ApiRequestError) return { message: error.message, status: error.status, code: error.code };
  if (!(error instanceof Error)) return { message: String(error ?? 'Something went wrong.') };
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;
  const body = 'responseBody' in error && typeof error.responseBody === 'string' ? error.responseBody : error.message;
  const parsed = parseBody(body);
  if (parsed?.message) return { message: parsed.message, status, code: parsed.code };
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    return { message: 'Could not reach the server. Check that it is running and your connection, then try again.', status, code: 'network' };
  }
  const text = body.trim();
  if (text && !text.startsWith('<')) return { message: text, status };
  return { message: (status && FALLBACK_BY_STATUS[status]) || 'Something went wrong.', status };
}

/**
 * Errors where the server refused the message before a run started (nothing
 * was saved): the message goes back into the composer instead of staying in
 * the transcript. 409 while a run is active, 413 too long, 503 restarting or busy.
 */
export function isRejection(error: ReadableError): boolean {
  return (
    (error.status === 409 && error.code !== 'duplicate_message') ||
    error.status === 413 ||
    error.status === 503 ||
    error.code === 'mcp_unavailable' ||
    error.code === 'images_not_supported' ||
    error.code === 'unsupported_attachment'
  );
}

/** The toast title for a refused message. */
export function rejectionTitle(error: ReadableError): string {
  if (error.status === 409) return 'Not sent: the agent is still working';
  if (error.code === 'shutting_down') return 'Not sent: the server is restarting';
  if (error.code === 'db_busy') return 'Not sent: the database is busy';
  if (error.code === 'mcp_unavailable') return 'Not sent: an attached resource could not be read';
  if (error.code === 'images_not_supported' || error.code === 'unsupported_attachment') return 'Not sent: an attached image was refused';
  return 'Not sent';
}
