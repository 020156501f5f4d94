import { z } from 'zod';
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
