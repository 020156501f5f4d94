/**
 * Errors from our HTTP API arrive as JSON `{ error, code? }`. The AI SDK's
 * transport wraps a failed POST in an APICallError whose message is the raw
 * response body; these helpers turn either into a sentence a person can read.
 */

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

interface ParsedBody {
  error?: string;
  code?: string;
}

function parseBody(text: string): ParsedBody | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(trimmed) as unknown;
    if (value && typeof value === 'object') {
      const { error, code } = value as Record<string, unknown>;
      return { error: typeof error === 'string' ? error : undefined, code: typeof code === 'string' ? code : undefined };
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return undefined;
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
  code?: string;
}

/** Reads any error (ours, the AI SDK's, a network failure) into a message, status and code. */
export function readError(error: unknown): ReadableError {
  if (error instanceof ApiRequestError) return { message: error.message, status: error.status, code: error.code };
  if (!(error instanceof Error)) return { message: String(error ?? 'Something went wrong.') };
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;
  const body = 'responseBody' in error && typeof error.responseBody === 'string' ? error.responseBody : error.message;
  const parsed = parseBody(body);
  if (parsed?.error) return { message: parsed.error, status, code: parsed.code };
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    return { message: 'Could not reach the server. Check that it is running and your connection, then try again.', status, code: 'network' };
  }
  const text = body.trim();
  if (text && !text.startsWith('<')) return { message: text, status };
  return { message: (status && FALLBACK_BY_STATUS[status]) || 'Something went wrong.', status };
}
