import type { RetryNotice } from './messages';
import type { LoopSettings } from './types';
import { retryLabel, type ClassifiedError } from './errors';

/**
 * Retry policy for model calls: which failures to retry, how long to wait,
 * and the notice the user sees while waiting.
 */

/** Upward jitter as a fraction of the exponential delay, so parallel runs don't retry in lockstep. */
const RETRY_JITTER_FRACTION = 0.2;

type RetrySettings = Pick<LoopSettings, 'maxRetries' | 'retryBaseDelayMs' | 'retryMaxDelayMs'>;

/**
 * A model call is retried when the failure is transient, also after part of
 * the answer was shown: the failed attempt's output is withdrawn first
 * (`reset-step`), so a retry never duplicates visible text.
 */
export function shouldRetry(error: ClassifiedError, retriesSoFar: number, settings: RetrySettings): boolean {
  return error.retryable && retriesSoFar < settings.maxRetries;
}

/** Exponential backoff with jitter; `attempt` is 1 for the first retry. */
export function backoffDelayMs(attempt: number, settings: RetrySettings, random: () => number): number {
  const exponential = settings.retryBaseDelayMs * 2 ** (attempt - 1);
  const jittered = exponential * (1 + RETRY_JITTER_FRACTION * random());
  return Math.round(Math.min(settings.retryMaxDelayMs, jittered));
}

/** The provider's Retry-After wins over our backoff, but never beyond the cap. */
export function retryDelayMs(error: ClassifiedError, attempt: number, settings: RetrySettings, random: () => number, now: number): number {
  const fromHeaders = error.retryAfterMs ?? parseRetryAfter(error.responseHeaders, now);
  if (fromHeaders !== undefined) return Math.min(settings.retryMaxDelayMs, fromHeaders);
  return backoffDelayMs(attempt, settings, random);
}

/** `retry-after-ms` (OpenAI) first, then `Retry-After` as seconds or an HTTP date. */
export function parseRetryAfter(headers: Record<string, string> | undefined, now: number): number | undefined {
  if (!headers) return undefined;
  const lower: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) lower[key.toLowerCase()] = value;

  const ms = lower['retry-after-ms'];
  if (ms !== undefined) {
    const value = Number.parseFloat(ms);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const after = lower['retry-after'];
  if (after !== undefined) {
    const seconds = Number(after.trim());
    if (after.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return undefined;
}

/** "Rate limited, retrying in 4 s (2/3)" */
export function retryNotice(error: ClassifiedError, attempt: number, maxRetries: number, delayMs: number): RetryNotice {
  const seconds = delayMs < 1000 ? Math.max(0.1, Math.round(delayMs / 100) / 10) : Math.round(delayMs / 1000);
  return {
    attempt,
    maxRetries,
    delayMs,
    cause: error.cause,
    statusCode: error.statusCode,
    message: `${retryLabel(error)}, retrying in ${seconds} s (${attempt}/${maxRetries})`,
  };
}
