import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_LOOP_SETTINGS, defaultsOf, numberBounds, resolveSettings, setting, SETTINGS, type LoopSettings } from '@/lib/agent/settings';
import { sessionPatchSchema } from '@/lib/api/session-request';
import {
  LOOP_SETTING_FIELDS,
  loopSettingsSchema,
  overridesSchemaOf,
  sessionLoopSettings,
  settingFields,
  type LoopSettingsOverrides,
} from '@/lib/settings/loop-settings';

const keys = Object.keys(SETTINGS) as (keyof LoopSettings)[];

describe('the settings table', () => {
  it('has one descriptor per loop setting, each default passing its own schema', () => {
    expectTypeOf<keyof typeof SETTINGS>().toEqualTypeOf<keyof LoopSettings>();
    expectTypeOf<LoopSettings['maxIterations']>().toEqualTypeOf<number>();
    expectTypeOf<LoopSettings['requireDoneTool']>().toEqualTypeOf<boolean>();
    expectTypeOf<LoopSettings['summarizerModel']>().toEqualTypeOf<string>();
    expect(Object.keys(DEFAULT_LOOP_SETTINGS)).toEqual(keys);
    for (const key of keys) {
      const descriptor = SETTINGS[key];
      expect(descriptor.schema.safeParse(descriptor.default).success, key).toBe(true);
      expect(DEFAULT_LOOP_SETTINGS[key], key).toBe(descriptor.default);
      expect(descriptor.label, key).not.toBe('');
      expect(descriptor.help, key).not.toBe('');
    }
    expect(new Set(keys.map((key) => SETTINGS[key].label)).size).toBe(keys.length);
  });

  it('derives the session override schema, the PATCH body and the sheet rows from the same entries', () => {
    const sessionKeys = keys.filter((key) => SETTINGS[key].scope === 'session');
    expect(Object.keys(loopSettingsSchema.shape)).toEqual(sessionKeys);
    expect(LOOP_SETTING_FIELDS.map((field) => field.key)).toEqual(sessionKeys);
    expectTypeOf<LoopSettingsOverrides>().toEqualTypeOf<Partial<LoopSettings>>();
    expect(sessionPatchSchema.safeParse({ settings: { maxIterations: 7, requireDoneTool: true } }).success).toBe(true);
    expect(sessionPatchSchema.safeParse({ settings: { maxIterations: 501 } }).success).toBe(false);
    expect(sessionPatchSchema.safeParse({ settings: { maxConsecutiveErrors: 3 } }).success).toBe(false);
  });

  it('keeps the ranges, units and controls the sheet had', () => {
    const rows = Object.fromEntries(LOOP_SETTING_FIELDS.map((field) => [field.key, field.kind === 'number' ? [field.min, field.max, field.unit ?? ''] : field.kind]));
    expect(rows).toEqual({
      systemPrompt: 'text',
      temperature: [0, 2, ''],
      topP: [0, 1, ''],
      maxOutputTokens: [1, 1_000_000, 'tokens'],
      reasoningEffort: 'choice',
      disabledTools: 'tools',
      maxIterations: [1, 500, ''],
      maxWallClockMs: [1_000, 3_600_000, 'ms'],
      maxCompactionAttempts: [0, 10, ''],
      maxRetries: [0, 10, ''],
      modelIdleTimeoutMs: [100, 600_000, 'ms'],
      retryBaseDelayMs: [0, 60_000, 'ms'],
      retryMaxDelayMs: [0, 300_000, 'ms'],
      toolTimeoutMs: [100, 600_000, 'ms'],
      maxToolsSent: [1, 1_000, ''],
      maxToolResultChars: [100, 1_000_000, 'chars'],
      hookTimeoutMs: [10, 60_000, 'ms'],
      loopGuardRepeatLimit: [2, 100, ''],
      loopGuardSameToolLimit: [2, 1_000, ''],
      loopGuardMaxNudges: [1, 100, ''],
      contextWindowOverride: [0, 10_000_000, 'tokens'],
      contextWarnPercent: [1, 100, '%'],
      autoCompactPercent: [1, 100, '%'],
      compactTargetPercent: [1, 100, '%'],
      hardLimitPercent: [1, 100, '%'],
      manualCompactTargetPercent: [1, 100, '%'],
      compactKeepRecentTurns: [1, 20, ''],
      summarizerModel: 'model',
      requireDoneTool: 'switch',
      pauseBeforeModelCall: 'switch',
    });
    expect(loopSettingsSchema.safeParse({ maxIterations: 2.5 }).success).toBe(false);
    expect(loopSettingsSchema.safeParse({ summarizerModel: 'x'.repeat(301) }).success).toBe(false);
    expect(loopSettingsSchema.safeParse({ temperature: 0.7, topP: 0.9, reasoningEffort: 'high', systemPrompt: 'Be terse.' }).success).toBe(true);
    expect(loopSettingsSchema.safeParse({ temperature: 2.1 }).success).toBe(false);
    expect(loopSettingsSchema.safeParse({ reasoningEffort: 'extreme' }).success).toBe(false);
    expect(loopSettingsSchema.safeParse({ systemPrompt: 'x'.repeat(20_001) }).success).toBe(false);
    expect(loopSettingsSchema.safeParse({ maxOutputTokens: 0 }).success).toBe(false);
    expect(DEFAULT_LOOP_SETTINGS.temperature).toBeUndefined();
  });

  it('refuses a descriptor whose default fails its schema, or a number without a range', () => {
    const base = { label: 'Broken', help: 'h', scope: 'session', group: 'loop' } as const;
    expect(() => setting({ ...base, schema: z.number().int().min(1).max(5), default: 9, control: { kind: 'number' } })).toThrow(/default 9 fails/);
    expect(() => setting({ ...base, schema: z.number().min(1), default: 2, control: { kind: 'number' } })).toThrow(/\.min\(\) and \.max\(\)/);
    expect(numberBounds(z.number().min(2).max(3))).toEqual({ min: 2, max: 3 });
  });

  it('resolves overrides over the defaults, skipping undefined', () => {
    expect(resolveSettings({ maxIterations: 3, maxRetries: undefined })).toEqual({ ...DEFAULT_LOOP_SETTINGS, maxIterations: 3 });
  });
});

describe('adding a setting is one entry', () => {
  const TABLE = {
    ...SETTINGS,
    maxParallelTools: setting({
      schema: z.number().int().min(1).max(16),
      default: 4,
      label: 'Parallel tools',
      help: 'Tool calls of one step that run at once.',
      control: { kind: 'number' },
      scope: 'session',
      group: 'loop',
    }),
    newSessionModel: setting({
      schema: z.string().max(300),
      default: '',
      label: 'Model for new sessions',
      help: 'Per user, not per session.',
      control: { kind: 'model', emptyLabel: 'The app default' },
      scope: 'user',
      group: 'loop',
    }),
  };

  it('reaches the defaults, the override schema and the sheet rows', () => {
    const defaults = defaultsOf(TABLE);
    expect(defaults.maxParallelTools).toBe(4);
    expect(defaults).toMatchObject(DEFAULT_LOOP_SETTINGS);
    expectTypeOf(defaults.maxParallelTools).toEqualTypeOf<number>();
    expectTypeOf(defaults.newSessionModel).toEqualTypeOf<string>();
    expectTypeOf<Omit<typeof defaults, 'maxParallelTools' | 'newSessionModel'>>().toEqualTypeOf<LoopSettings>();

    const session = overridesSchemaOf(TABLE, 'session');
    expect(session.parse({ maxParallelTools: 8, maxIterations: 3 })).toEqual({ maxParallelTools: 8, maxIterations: 3 });
    expect(session.safeParse({ maxParallelTools: 17 }).success).toBe(false);
    expectTypeOf<z.infer<typeof session>>().toEqualTypeOf<Partial<LoopSettings & { maxParallelTools: number }>>();

    const rows = settingFields(TABLE, 'session');
    expect(rows.at(-1)).toEqual({
      key: 'maxParallelTools',
      kind: 'number',
      label: 'Parallel tools',
      help: 'Tool calls of one step that run at once.',
      group: 'loop',
      min: 1,
      max: 16,
      default: 4,
    });
    expectTypeOf(rows[0].key).toEqualTypeOf<keyof LoopSettings | 'maxParallelTools'>();
  });

  it('keeps a user-scoped setting out of the session schema and rows', () => {
    expect(overridesSchemaOf(TABLE, 'session').safeParse({ newSessionModel: 'openai:x' }).success).toBe(false);
    expect(settingFields(TABLE, 'session').map((row) => row.key)).not.toContain('newSessionModel');
    expect(overridesSchemaOf(TABLE, 'user').parse({ newSessionModel: 'openai:x' })).toEqual({ newSessionModel: 'openai:x' });
    expect(settingFields(TABLE, 'user')).toEqual([
      { key: 'newSessionModel', kind: 'model', label: 'Model for new sessions', help: 'Per user, not per session.', group: 'loop', emptyLabel: 'The app default', default: '' },
    ]);
  });
});

describe('stored session overrides', () => {
  it('drops a retired key and an out-of-range value, keeping the rest', () => {
    const stored = { maxConsecutiveErrors: 3, maxIterations: 9_999, maxRetries: 0, summarizerModel: 'openai:gpt', requireDoneTool: true };
    expect(sessionLoopSettings(stored)).toEqual({ maxRetries: 0, summarizerModel: 'openai:gpt', requireDoneTool: true });
  });

  it('keeps valid overrides as they are and reads anything else as none', () => {
    expect(sessionLoopSettings({ maxIterations: 7 })).toEqual({ maxIterations: 7 });
    expect(sessionLoopSettings(null)).toEqual({});
    expect(sessionLoopSettings([1, 2])).toEqual({});
    expect(sessionLoopSettings('x')).toEqual({});
    expect(sessionLoopSettings(JSON.parse('{"constructor": 1, "toString": 2, "maxRetries": 1}'))).toEqual({ maxRetries: 1 });
  });
});
