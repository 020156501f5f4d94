import { z } from 'zod';
import { editableRequestSchema, type EditableRequest } from '@/lib/agent/editable-request';

/** Step mode's API (lib/server/paused-runs.ts), shared by the route and the paused-request card. */

/** The whole body: an edited request carries the conversation, so it may be as large as any write (the request guard's 1 MiB). */
export const MAX_CONTINUE_PAUSED_BYTES = 1_000_000;

/** POST /api/sessions/:id/paused-request: continue the paused call, with the request as edited (absent: as it was). */
export const continuePausedSchema = z.strictObject({
  runId: z.string().min(1).max(100),
  stepNumber: z.number().int().nonnegative(),
  request: editableRequestSchema.optional(),
});

export type ContinuePausedBody = z.infer<typeof continuePausedSchema>;

/** GET /api/sessions/:id/paused-request: the call the session's run waits before, with its exact request. */
export interface PausedRequestView {
  runId: string;
  stepNumber: number;
  modelCall: number;
  /** The model the run used; Continue sends with the session's model (changed meanwhile: the new one). */
  modelKey: string;
  pausedAt: number;
  request: EditableRequest;
}
