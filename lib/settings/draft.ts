import type { LoopSettingsOverrides, SettingField } from './loop-settings';

/**
 * The settings sheet's draft: what each field holds while editing (the text of a number input, a switch's
 * state, a model key or choice, the system prompt, the built-in tools switched off), and the overrides it saves.
 */

export type DraftValue = string | boolean | readonly string[];
export type Draft = Record<string, DraftValue>;

/** A stored override as the field edits it; anything else shows the default (an empty input, the default switch state). */
function draftValue(field: SettingField, stored: unknown): DraftValue {
  switch (field.kind) {
    case 'number':
      return typeof stored === 'number' ? String(stored) : '';
    case 'switch':
      return typeof stored === 'boolean' ? stored : field.default;
    case 'model':
    case 'text':
      return typeof stored === 'string' ? stored : field.default;
    case 'choice':
      return typeof stored === 'string' && field.options.some((option) => option.value === stored) ? stored : field.default;
    case 'tools':
      return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : field.default;
  }
}

export function toDraft(fields: readonly SettingField[], settings: Record<string, unknown>): Draft {
  return Object.fromEntries(fields.map((field) => [field.key, draftValue(field, settings[field.key])]));
}

/** The override a field holds, or undefined for "use the default". */
function overrideValue(field: SettingField, value: DraftValue): number | boolean | string | readonly string[] | undefined {
  switch (field.kind) {
    case 'number':
      return typeof value !== 'string' || value.trim() === '' ? undefined : Number(value);
    case 'switch':
    case 'choice':
    case 'model':
    case 'text':
      return value === field.default ? undefined : value;
    case 'tools':
      return Array.isArray(value) && value.length > 0 ? [...value] : undefined;
  }
}

/** Only the values the user set. Out-of-range numbers are sent as typed: the server refuses them with the key named. */
export function toOverrides(fields: readonly SettingField[], draft: Draft): LoopSettingsOverrides {
  const overrides: Record<string, unknown> = {};
  for (const field of fields) {
    const value = overrideValue(field, draft[field.key]);
    if (value !== undefined) overrides[field.key] = value;
  }
  return overrides as LoopSettingsOverrides;
}

/** Whether a number field's text is out of its range (or not a whole number where one is needed). */
export function numberInvalid(field: Extract<SettingField, { kind: 'number' }>, value: string): boolean {
  if (value.trim() === '') return false;
  const number = Number(value);
  return !Number.isFinite(number) || (!field.step && !Number.isInteger(number)) || number < field.min || number > field.max;
}
