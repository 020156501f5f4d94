import 'server-only';
import { APICallError, RetryError } from 'ai';

/** A readable one-line message for an error that reaches the user. Never a stack trace, never a key. */
export function describeError(error: unknown): string {
  const inner = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(inner)) {
    const status = inner.statusCode ? ` (HTTP ${inner.statusCode})` : '';
    return `The provider returned an error${status}: ${inner.message}`;
  }
  if (inner instanceof Error) return inner.message;
  return typeof inner === 'string' ? inner : 'Something went wrong.';
}
