import { z } from 'zod';
import {
  numberBounds,
  SETTINGS,
  type SettingCapability,
  type SettingGroup,
  type SettingScope,
  type SettingsTable,
  type SettingUnit,
} from '@/lib/agent/settings';

/**
 * What the settings table (lib/agent/settings.ts) derives outside the loop:
 * the override schema (PATCH request and stored column), the tolerant reader
 * for stored overrides, and the fields of the settings sheet. Each derivation
 * takes a table, so a test can show that one new entry reaches all of them.
 */

/** The keys of a table that the given scope may override. */
export type ScopedKey<T extends SettingsTable, Scope extends SettingScope> = keyof {
  [K in keyof T & string as T[K]['scope'] extends Scope ? K : never]: true;
};

type OverridesShape<T extends SettingsTable, Scope extends SettingScope> = {
  [K in keyof T & string as T[K]['scope'] extends Scope ? K : never]: z.ZodOptional<T[K]['schema']>;
};

/** Overrides for one scope: every key optional, each checked by its own schema, unknown keys rejected. */
export function overridesSchemaOf<T extends SettingsTable, Scope extends SettingScope>(table: T, scope: Scope) {
  const shape = Object.fromEntries(
    Object.entries(table)
      .filter(([, descriptor]) => descriptor.scope === scope)
      .map(([key, descriptor]) => [key, descriptor.schema.optional()]),
  );
  return z.strictObject(shape as OverridesShape<T, Scope>);
}

/**
 * Stored overrides that still validate. A setting removed or narrowed later is
 * dropped on its own: the rest of the stored overrides is kept.
 */
function readOverrides<S extends z.ZodObject>(schema: S, stored: unknown): z.output<S> {
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const kept: Record<string, unknown> = {};
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return kept as z.output<S>;
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const [key, value] of Object.entries(stored)) {
    if (Object.hasOwn(shape, key) && shape[key].safeParse(value).success) kept[key] = value;
  }
  return kept as z.output<S>;
}

interface FieldBase<K extends string> {
  key: K;
  label: string;
  help: string;
  group: SettingGroup;
  /** Only models with this capability take it (see lib/settings/model-support.ts). */
  needs?: SettingCapability;
}
/** A number input with its unit; the range is the schema's. An integer unless `step` allows fractions. */
export interface NumberSettingField<K extends string = string> extends FieldBase<K> {
  kind: 'number';
  unit?: SettingUnit;
  min: number;
  max: number;
  step?: number;
  /** Undefined for an optional setting: nothing is sent, `emptyLabel` shows. */
  default?: number;
  emptyLabel?: string;
}
export interface TextSettingField<K extends string = string> extends FieldBase<K> {
  kind: 'text';
  placeholder: string;
  maxLength: number;
  default: string;
}
export interface ChoiceSettingField<K extends string = string> extends FieldBase<K> {
  kind: 'choice';
  options: readonly { value: string; label: string }[];
  default: string;
}
/** The built-in tools, each with a switch; the value lists the ones switched off. */
export interface ToolsSettingField<K extends string = string> extends FieldBase<K> {
  kind: 'tools';
  default: readonly string[];
}
export interface SwitchSettingField<K extends string = string> extends FieldBase<K> {
  kind: 'switch';
  default: boolean;
}
export interface ModelSettingField<K extends string = string> extends FieldBase<K> {
  kind: 'model';
  emptyLabel: string;
  default: string;
}
/** One row of the settings sheet, flattened from its descriptor and discriminated by `kind`. */
export type SettingField<K extends string = string> =
  | NumberSettingField<K>
  | SwitchSettingField<K>
  | ModelSettingField<K>
  | TextSettingField<K>
  | ChoiceSettingField<K>
  | ToolsSettingField<K>;

function maxLengthOf(schema: z.ZodType): number {
  return schema instanceof z.ZodString && schema.maxLength !== null ? schema.maxLength : Number.MAX_SAFE_INTEGER;
}

/** The sheet's rows for one scope, in table order. */
export function settingFields<T extends SettingsTable, Scope extends SettingScope>(table: T, scope: Scope): SettingField<ScopedKey<T, Scope> & string>[] {
  type Key = ScopedKey<T, Scope> & string;
  return Object.entries(table)
    .filter(([, descriptor]) => descriptor.scope === scope)
    .map(([key, { label, help, group, control, schema, default: fallback, needs }]): SettingField<Key> => {
      const base = { key: key as Key, label, help, group, ...(needs ? { needs } : {}) };
      switch (control.kind) {
        case 'number':
          return {
            ...base,
            kind: 'number',
            ...(control.unit ? { unit: control.unit } : {}),
            ...(control.step ? { step: control.step } : {}),
            ...(control.emptyLabel ? { emptyLabel: control.emptyLabel } : {}),
            ...numberBounds(schema)!,
            ...(fallback === undefined ? {} : { default: fallback as number }),
          };
        case 'switch':
          return { ...base, kind: 'switch', default: fallback as boolean };
        case 'model':
          return { ...base, kind: 'model', emptyLabel: control.emptyLabel, default: fallback as string };
        case 'text':
          return { ...base, kind: 'text', placeholder: control.placeholder, maxLength: maxLengthOf(schema), default: fallback as string };
        case 'choice':
          return { ...base, kind: 'choice', options: control.options, default: fallback as string };
        case 'tools':
          return { ...base, kind: 'tools', default: fallback as readonly string[] };
      }
    });
}

/** Per-session overrides of the loop settings: the `settings` of `PATCH /api/sessions/:id` and the stored column. */
export const loopSettingsSchema = overridesSchemaOf(SETTINGS, 'session');

export type LoopSettingsOverrides = z.infer<typeof loopSettingsSchema>;

/** Stored session overrides that still validate, e.g. without the retired `maxConsecutiveErrors`. */
export function sessionLoopSettings(stored: unknown): LoopSettingsOverrides {
  return readOverrides(loopSettingsSchema, stored);
}

/** The settings sheet's rows. */
export const LOOP_SETTING_FIELDS = settingFields(SETTINGS, 'session');

