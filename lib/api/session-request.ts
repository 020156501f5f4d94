import { z } from 'zod';
import { MAX_SYSTEM_PROMPT_CHARS } from '@/lib/agent/settings';
import { PERMISSION_MODES } from '@/lib/permissions/policy';
import { loopSettingsSchema } from '@/lib/settings/loop-settings';
import { freeTextSchema, nameSchema } from './text-input';

const titleSchema = nameSchema('Title', 200);
const modelKeySchema = z.string().min(1).max(300);

/** Body of POST /api/sessions. */
export const sessionCreateSchema = z.strictObject({
  modelKey: modelKeySchema.optional(),
  title: titleSchema.optional(),
});

/** Body of PATCH /api/sessions/:id. `settings` is derived from the settings table (lib/agent/settings.ts). */
export const sessionPatchSchema = z
  .strictObject({
    title: titleSchema.optional(),
    modelKey: modelKeySchema.optional(),
    /** The session's overrides, replacing the stored ones; a key left out uses the default. */
    settings: loopSettingsSchema.optional(),
    /** Applies from the next tool call, even in a running run. */
    permissionMode: z.enum(PERMISSION_MODES).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update');

/** Body of POST /api/sessions/:id/compact: `/compact [focus]`. */
export const compactRequestSchema = z.strictObject({ focus: freeTextSchema('The focus', 2_000, { trim: true }).optional() });

/** Body of POST /api/sessions/:id/branch and /fork: the message to switch to, or to fork from. */
export const messageRefSchema = z.strictObject({ messageId: z.string().min(1).max(100) });

/** Body of PUT /api/defaults: what new sessions start from (null: the instance's default model, or 'ask'). Replaces the stored defaults whole. */
export const userDefaultsSchema = z.strictObject({
  modelKey: modelKeySchema.nullable(),
  permissionMode: z.enum(PERMISSION_MODES).nullable(),
  settings: loopSettingsSchema,
});

/** Body of POST /api/presets: a system prompt saved under a name (the same name replaces it). */
export const presetCreateSchema = z.strictObject({
  name: nameSchema('The name', 100),
  prompt: freeTextSchema('The prompt', MAX_SYSTEM_PROMPT_CHARS).refine((value) => value.trim() !== '', 'The prompt cannot be empty'),
});

/** The largest PATCH /api/sessions/:id, /api/defaults body: a 20,000-character system prompt, JSON-escaped, with the other settings. */
export const MAX_SETTINGS_BODY_BYTES = 128_000;
