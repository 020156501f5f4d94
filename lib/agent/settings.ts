import type { LoopSettings } from './types';

/**
 * Named defaults for the loop. Every limit the loop enforces lives here, so a
 * reader can see all the magic numbers in one place and tests can override them.
 */
export const DEFAULT_LOOP_SETTINGS: LoopSettings = {
  // Model calls per run. 50 leaves room for long tool chains while bounding a runaway loop's cost.
  maxIterations: 50,
  // Ten minutes: longer than any reasonable interactive turn; the request is abandoned after that.
  maxWallClockMs: 600_000,
  // Three model calls in a row that broke off mid-answer means the provider is unreliable right now.
  maxConsecutiveErrors: 3,
  // How often a `length` finish may trigger compaction before we give up (opencode uses a similar small bound).
  maxCompactionAttempts: 3,
  // Retries per model call for transient failures (429, 5xx, network), as in the AI SDK's own default range.
  maxRetries: 3,
  // First backoff delay; doubles each retry (500 ms, 1 s, 2 s …).
  retryBaseDelayMs: 500,
  // No single wait is longer than this, even when the provider's Retry-After asks for more.
  retryMaxDelayMs: 30_000,
  // A tool that takes longer than a minute is abandoned and reported as timed out.
  toolTimeoutMs: 60_000,
  // The model sees at most this many characters of one tool result; the UI keeps the full output.
  maxToolResultChars: 30_000,
  // Hooks are meant to be quick policy checks; a slow hook must not stall the run.
  hookTimeoutMs: 5_000,
  // Loop guard: identical call (tool + canonical args) this many times in a row → nudge (as in Gemini CLI's detector).
  loopGuardRepeatLimit: 5,
  // Loop guard: the same tool this many times in a row, whatever the args → nudge.
  loopGuardSameToolLimit: 10,
  // Loop guard: after this many nudges in one run, the next detection stops the run.
  loopGuardMaxNudges: 5,
  // Done-tool mode: only a `task_complete` call ends the run.
  requireDoneTool: false,
};

export function resolveSettings(overrides: Partial<LoopSettings> | undefined): LoopSettings {
  const settings = { ...DEFAULT_LOOP_SETTINGS };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (value !== undefined) (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
}
