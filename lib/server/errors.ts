import 'server-only';
import { APICallError, RetryError } from 'ai';
import { scrubSecrets } from '@/lib/log.mjs';

/**
 * A readable one-line message for an error that reaches the user. Never a
 * stack trace, never a key: a provider's message can quote the key it refused.
 */
export function describeError(error: unknown): string {
  const inner = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(inner)) {
    const status = inner.statusCode ? ` (HTTP ${inner.statusCode})` : '';
    return scrubSecrets(`The provider returned an error${status}: ${inner.message}`);
  }
  if (inner instanceof Error) return scrubSecrets(inner.message);
  return typeof inner === 'string' ? scrubSecrets(inner) : 'Something went wrong.';
}
