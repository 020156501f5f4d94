import { z } from 'zod';
import { PERMISSION_MODES } from '@/lib/permissions/policy';
import { loopSettingsSchema } from '@/lib/settings/loop-settings';

/** Body of PATCH /api/sessions/:id. `settings` is derived from the settings table (lib/agent/settings.ts). */
export const sessionPatchSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Title cannot be empty')
      .max(200)
      // A NUL or another control character would be cut or shown as garbage.
      .refine((title) => !/[\u0000-\u001f\u007f]/.test(title), 'Title cannot contain control characters')
      .optional(),
    modelKey: z.string().min(1).max(300).optional(),
    /** The session's overrides, replacing the stored ones; a key left out uses the default. */
    settings: loopSettingsSchema.optional(),
    /** Applies from the next tool call, even in a running run. */
    permissionMode: z.enum(PERMISSION_MODES).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update');

/** Body of POST /api/sessions/:id/branch and /fork: the message to switch to, or to fork from. */
export const messageRefSchema = z.strictObject({ messageId: z.string().min(1).max(100) });
