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
  // How often a `length` finish may trigger compaction before we give up (opencode uses a similar small bound).
  maxCompactionAttempts: 3,
  // Retries per model call for transient failures (429, 5xx, network), as in the AI SDK's own default range.
  maxRetries: 3,
  // First backoff delay; doubles each retry (500 ms, 1 s, 2 s …).
  retryBaseDelayMs: 500,
  // No single wait is longer than this, even when the provider's Retry-After asks for more.
  retryMaxDelayMs: 30_000,
  // A model stream that sends nothing for a minute has stalled: the attempt is abandoned and retried.
  // Long enough for a slow first token (reasoning models may think for tens of seconds before their first
  // event), short enough that nobody watches a silent spinner for the 10-minute run limit.
  modelIdleTimeoutMs: 60_000,
  // A tool that takes longer than two minutes is abandoned and reported as timed out (an error result the model reads).
  toolTimeoutMs: 120_000,
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
  // Context window: 0 = take it from the model catalog (lib/models/catalog.ts), which falls back to 8,192.
  contextWindowOverride: 0,
  // Context thresholds, as percent of the window. The meter and the trigger read the same values.
  // Warn at 80% (the meter turns amber), as Claude Code's context warning does.
  contextWarnPercent: 80,
  // Auto-compact when the next request would pass 90%, and compact down to at most 82% (Claude Code triggers near 83.5%).
  autoCompactPercent: 90,
  compactTargetPercent: 82,
  // Above 95% after compaction the request would likely overflow: end the run with a clear error instead.
  hardLimitPercent: 95,
  // `/compact` is the user asking for room: compact to half the window.
  manualCompactTargetPercent: 50,
  // The last two turns stay verbatim: the latest request and the work in progress (opencode keeps the last 2 turns too).
  compactKeepRecentTurns: 2,
  // Empty: summaries are written by the session's own model.
  summarizerModel: '',
};

export function resolveSettings(overrides: Partial<LoopSettings> | undefined): LoopSettings {
  const settings = { ...DEFAULT_LOOP_SETTINGS };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (value !== undefined) (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
}
