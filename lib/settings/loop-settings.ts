import { z } from 'zod';
import { DEFAULT_LOOP_SETTINGS } from '@/lib/agent/settings';
import type { LoopSettings } from '@/lib/agent/types';

/**
 * The loop's settings as the session settings dialog shows them and the API
 * validates them. Defaults and their reasons live in lib/agent/settings.ts.
 */

type NumericKey = { [K in keyof LoopSettings]: LoopSettings[K] extends number ? K : never }[keyof LoopSettings];

export interface NumericSettingField {
  key: NumericKey;
  label: string;
  help: string;
  unit?: 'ms' | 'chars' | 'tokens' | '%';
  min: number;
  max: number;
}

export const LOOP_SETTING_FIELDS: NumericSettingField[] = [
  { key: 'maxIterations', label: 'Max iterations', help: 'Model calls per run before the agent summarizes and stops.', min: 1, max: 500 },
  { key: 'maxWallClockMs', label: 'Max run time', help: 'A run that takes longer ends.', unit: 'ms', min: 1_000, max: 3_600_000 },
  { key: 'maxCompactionAttempts', label: 'Max compaction attempts', help: 'How often hitting the output limit may compact and continue.', min: 0, max: 10 },
  { key: 'maxRetries', label: 'Max retries', help: 'Retries per model call on 408/409/429/5xx, dropped or stalled streams and malformed events.', min: 0, max: 10 },
  { key: 'modelIdleTimeoutMs', label: 'Model idle timeout', help: 'A model stream silent this long has stalled and is retried. Raise it for models that think silently for longer.', unit: 'ms', min: 100, max: 600_000 },
  { key: 'retryBaseDelayMs', label: 'Retry base delay', help: 'First backoff; doubles each retry, with jitter.', unit: 'ms', min: 0, max: 60_000 },
  { key: 'retryMaxDelayMs', label: 'Retry max delay', help: 'Cap on any single wait, Retry-After included.', unit: 'ms', min: 0, max: 300_000 },
  { key: 'toolTimeoutMs', label: 'Tool timeout', help: 'A tool call that takes longer is abandoned.', unit: 'ms', min: 100, max: 600_000 },
  { key: 'maxToolResultChars', label: 'Max tool result', help: 'Characters of one tool result the model sees; the UI keeps all.', unit: 'chars', min: 100, max: 1_000_000 },
  { key: 'hookTimeoutMs', label: 'Hook timeout', help: 'A hook that takes longer is skipped and recorded.', unit: 'ms', min: 10, max: 60_000 },
  { key: 'loopGuardRepeatLimit', label: 'Loop guard: identical calls', help: 'The same call this many times in a row gets a nudge.', min: 2, max: 100 },
  { key: 'loopGuardSameToolLimit', label: 'Loop guard: same tool', help: 'The same tool this many times in a row gets a nudge.', min: 2, max: 1_000 },
  { key: 'loopGuardMaxNudges', label: 'Loop guard: max nudges', help: 'Nudges in one run before it stops with a loop error.', min: 1, max: 100 },
  { key: 'contextWindowOverride', label: 'Context window', help: 'Tokens the model can read; 0 takes it from the model catalog.', unit: 'tokens', min: 0, max: 10_000_000 },
  { key: 'contextWarnPercent', label: 'Context: warn at', help: 'The meter turns amber and a notice appears.', unit: '%', min: 1, max: 100 },
  { key: 'autoCompactPercent', label: 'Context: auto-compact at', help: 'Compact when the next request would exceed this.', unit: '%', min: 1, max: 100 },
  { key: 'compactTargetPercent', label: 'Context: compact down to', help: 'Auto-compaction shrinks the context to at most this.', unit: '%', min: 1, max: 100 },
  { key: 'hardLimitPercent', label: 'Context: hard limit', help: 'Still above this after compaction: the run ends.', unit: '%', min: 1, max: 100 },
  { key: 'manualCompactTargetPercent', label: 'Context: /compact target', help: '/compact shrinks the context to at most this.', unit: '%', min: 1, max: 100 },
  { key: 'compactKeepRecentTurns', label: 'Context: recent turns kept', help: 'The newest turns compaction never touches.', min: 1, max: 20 },
];

const numericShape = Object.fromEntries(
  LOOP_SETTING_FIELDS.map((field) => [field.key, z.number().int().min(field.min).max(field.max).optional()]),
) as Record<NumericKey, z.ZodOptional<z.ZodNumber>>;

/** Per-session overrides: every key optional, unknown keys rejected. */
export const loopSettingsSchema = z.strictObject({
  ...numericShape,
  requireDoneTool: z.boolean().optional(),
  summarizerModel: z.string().max(300).optional(),
});

export type LoopSettingsOverrides = z.infer<typeof loopSettingsSchema>;

/**
 * Stored overrides that still validate. A setting removed or narrowed later is
 * dropped on its own (e.g. the retired `maxConsecutiveErrors`): the session keeps its other overrides.
 */
export function sessionLoopSettings(stored: unknown): Partial<LoopSettings> {
  const parsed = loopSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const shape = loopSettingsSchema.shape as Record<string, z.ZodType>;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    const field = shape[key];
    if (field && field.safeParse(value).success) kept[key] = value;
  }
  return kept as Partial<LoopSettings>;
}

export { DEFAULT_LOOP_SETTINGS };
