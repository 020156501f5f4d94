import { z } from 'zod';
import { MAX_TIMESTAMP_MS } from './text-input';

/** Request bodies of the share API. The owner's choices; the server decides what is always left out. */

const shareOptionsSchema = z.strictObject({
  hideSystemPrompt: z.boolean().default(true),
  hideToolIO: z.boolean().default(false),
  hideWorkspace: z.boolean().default(false),
});

/** Finding ids (SecretFinding.id) to redact. */
const redactSchema = z.array(z.string().min(1).max(100)).max(1000).default([]);

/** A point in time after now, or null for a link that does not expire. */
const expiresAtSchema = z
  .number()
  .int()
  .max(MAX_TIMESTAMP_MS, 'The expiry is not a date.')
  .refine((value) => value > Date.now(), 'The expiry must be in the future.')
  .nullable();

/** POST /api/sessions/:id/shares/preview */
export const sharePreviewSchema = z.strictObject({
  options: shareOptionsSchema.default({ hideSystemPrompt: true, hideToolIO: false, hideWorkspace: false }),
  redact: redactSchema,
});

/** POST /api/sessions/:id/shares */
export const shareCreateSchema = sharePreviewSchema.extend({
  mode: z.enum(['snapshot', 'live']).default('snapshot'),
  expiresAt: expiresAtSchema.default(null),
  /** Other sites may show the page in a frame (docs/csp-and-embedding.md). */
  allowEmbed: z.boolean().default(false),
});

/** PATCH /api/shares/:shareId: take a new snapshot (same URL), change the expiry, options, redactions or embedding. */
export const shareUpdateSchema = z
  .strictObject({
    refresh: z.boolean().optional(),
    expiresAt: expiresAtSchema.optional(),
    options: shareOptionsSchema.optional(),
    redact: z.array(z.string().min(1).max(100)).max(1000).optional(),
    allowEmbed: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update');

export type SharePreviewRequest = z.infer<typeof sharePreviewSchema>;
export type ShareCreateRequest = z.infer<typeof shareCreateSchema>;
export type ShareUpdateRequest = z.infer<typeof shareUpdateSchema>;
